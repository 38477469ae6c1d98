import { showToast } from '../../components/toast/toastStore';
import {
  CERTIFICATE_MESSAGES,
  expiryProblem,
  MONITORED_CONDITIONS,
  tickCondition,
  typeOther,
  type CertificateFields,
} from './certificateModel';
import { STATE_LIST } from './stateList';

type Key = keyof CertificateFields;

/** The certificate's fields, filled from the search and editable before the export. */
export function CertificateForm({
  fields,
  onChange,
}: {
  fields: CertificateFields;
  onChange: (f: CertificateFields) => void;
}) {
  const set = (key: Key, value: string) => onChange({ ...fields, [key]: value });
  const input = (key: Key, label: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="input" value={String(fields[key])} onChange={(e) => set(key, e.target.value)} />
    </label>
  );
  const state = (key: Key, label: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="select" value={String(fields[key])} onChange={(e) => set(key, e.target.value)}>
        <option value="">Select</option>
        {STATE_LIST.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="certificate-form">
      <fieldset className="card certificate-form__group">
        <legend>Protected Premises</legend>
        {input('siteName', 'Site Name')}
        {input('siteAddr1', 'Address 1')}
        {input('siteAddr2', 'Address 2')}
        {input('siteCity', 'City')}
        {state('siteState', 'State')}
        {input('siteZip', 'Zip Code')}
      </fieldset>
      <fieldset className="card certificate-form__group">
        <legend>Dealer</legend>
        {input('dealerName', 'Dealer Name')}
        {input('dealerAddr1', 'Dealer Address 1')}
        {input('dealerAddr2', 'Dealer Address 2')}
        {input('dealerCity', 'Dealer City')}
        {state('dealerState', 'Dealer State')}
        {input('dealerZip', 'Dealer Zip Code')}
      </fieldset>
      <fieldset className="card certificate-form__group">
        <legend>Monitored Conditions</legend>
        {MONITORED_CONDITIONS.map((c) => (
          <label key={c.code} className="certificate-form__check">
            <input
              type="checkbox"
              checked={fields.monitored.includes(c.code)}
              onChange={(e) => {
                const next = tickCondition(fields, c.code, e.target.checked);
                if (next.message) showToast(next.message, 'warning');
                else onChange({ ...fields, monitored: next.monitored });
              }}
            />{' '}
            {c.label} ({c.code})
          </label>
        ))}
        <label className="field">
          <span className="field__label">Other condition</span>
          <input
            className="input"
            value={fields.otherText}
            onChange={(e) =>
              onChange({ ...fields, otherText: e.target.value, monitored: typeOther(fields, e.target.value) })
            }
          />
        </label>
        <label className="field">
          <span className="field__label">Expiration Date</span>
          <input
            className="input"
            type="date"
            value={fields.expiry}
            onChange={(e) => {
              const problem = expiryProblem(e.target.value, new Date());
              if (problem && e.target.value) showToast(CERTIFICATE_MESSAGES.pastExpiry, 'warning');
              set('expiry', e.target.value);
            }}
          />
        </label>
      </fieldset>
    </div>
  );
}
