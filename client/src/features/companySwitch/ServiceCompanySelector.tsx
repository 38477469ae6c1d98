import { useLocation } from 'react-router-dom';
import type { ServiceCompany } from '../../../../shared/upstream/loginProfile';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';

/**
 * Routes whose screens work on one company and hide the selector
 * (docs/product/shell-session-search.md#route-table, docs/product/reports-and-settings.md).
 */
export const SELECTOR_HIDDEN_ON = ['/systemontest', '/datamangroup', '/settings'];

export function companyIdOf(c: ServiceCompany): string {
  return c.servco_no ?? c.install_servco_no ?? c.corpacct_servco_no ?? c.contractor_servco_no ?? '';
}

/**
 * The service-company selector: shown only with more than one company, disabled while a switch
 * runs, for 1.5 s after, and while requests are pending (the session runtime decides `locked`).
 */
export function ServiceCompanySelector() {
  const { profile, companySwitchLocked } = useSessionView();
  const { switchCompany } = useSessionCommands();
  const { pathname } = useLocation();
  const companies = profile?.serviceCompanyList ?? [];
  if (!profile || companies.length <= 1 || SELECTOR_HIDDEN_ON.includes(pathname)) return null;
  return (
    <label className="company-select">
      <span className="visually-hidden">Service company</span>
      <select
        className="select"
        value={profile.servco_no}
        disabled={companySwitchLocked}
        aria-busy={companySwitchLocked || undefined}
        onChange={(e) => {
          const chosen = companies.find((c) => companyIdOf(c) === e.target.value);
          if (chosen) switchCompany(chosen);
        }}
      >
        {companies.map((c) => {
          const id = companyIdOf(c);
          return (
            <option key={`${c.servco_Type}-${id}`} value={id}>
              {c.servco_name}
            </option>
          );
        })}
      </select>
    </label>
  );
}
