import { PageFrame } from '../../components/layout/PageFrame';
import { useHandOff } from '../../components/handoff/useHandOff';
import { DATA_MANAGEMENT_ENTRY } from '../../lib/handoff/handOff';
import { MENU_IDS } from '../../lib/menu/menuCatalog';
import { selectedNavIds } from '../../lib/session/sitePreferences';
import { useSessionView } from '../../lib/session/sessionView';
import './dataManagement.css';

export const SUBSCRIPTION_REQUIRED = 'Subscription required';

/**
 * Data Management Group (/datamangroup): the spec shows only its 'Subscription required' tooltip
 * (docs/product/shell-session-search.md#quick-data-tabs-menu; docs/decisions.md). It gathers the
 * external account tools a dealer works in: the Data Management tool (a transfer link, as the menu
 * item) and the classic web tool (CS# links open it for users set to it). A tool the user's
 * subscription (menu) does not include is shown disabled with the tooltip.
 */
export function DataManagementGroupPage() {
  const { profile } = useSessionView();
  const { tooltip, start } = useHandOff();
  const ids = selectedNavIds(profile);
  const subscribed = ids === null || ids.includes(MENU_IDS.dataManagement);
  return (
    <PageFrame title="Data Management Group">
      <div className="datamangroup">
        <section className="card" aria-labelledby="dm-tool">
          <h2 id="dm-tool">Data Management</h2>
          <p className="muted">Account data, contacts and zones in the data-management tool.</p>
          <span title={subscribed ? tooltip : SUBSCRIPTION_REQUIRED}>
            <button
              type="button"
              className="button"
              disabled={!subscribed}
              aria-describedby={subscribed ? undefined : 'dm-subscription'}
              onClick={() => start(DATA_MANAGEMENT_ENTRY)}
            >
              Open Data Management
            </button>
          </span>
          {subscribed ? null : (
            <p id="dm-subscription" className="muted">
              {SUBSCRIPTION_REQUIRED}
            </p>
          )}
        </section>
        <section className="card" aria-labelledby="dm-links">
          <h2 id="dm-links">Account links</h2>
          <p className="muted">
            The CS# links in reports and searches open: <strong>{tooltip.replace(/^Go to /, '')}</strong>.
          </p>
        </section>
      </div>
    </PageFrame>
  );
}
