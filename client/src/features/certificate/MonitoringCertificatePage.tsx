import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PageFrame } from '../../components/layout/PageFrame';
import { showToast } from '../../components/toast/toastStore';
import {
  certificateDate,
  DEFAULT_PAPER,
  MONITORED_CONDITIONS,
  PAPER_SIZES,
  type CertificateFields,
} from './certificateModel';
import { exportCertificate } from './exportCertificate';
import './certificate.css';

function certificateOf(state: unknown): CertificateFields | null {
  if (!state || typeof state !== 'object' || !('certificate' in state)) return null;
  const c = (state as { certificate: unknown }).certificate;
  return c && typeof c === 'object' && 'csNo' in c ? (c as CertificateFields) : null;
}

const address = (a1: string, a2: string, city: string, st: string, zip: string) =>
  [a1, a2, [city, [st, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean);

/**
 * The certificate itself (/monitoringcertificate): the wizard's certificate as it prints, with the
 * export. Opened without one, it points to the wizard.
 */
export function MonitoringCertificatePage() {
  const f = certificateOf(useLocation().state);
  const [paper, setPaper] = useState(DEFAULT_PAPER);
  if (!f)
    return (
      <PageFrame title="Monitoring Certificate">
        <div className="card">
          <p>
            No certificate is open. Generate one for an account in the{' '}
            <Link to="/generatemonitoringcertificate">Monitoring Certificate Wizard</Link>.
          </p>
        </div>
      </PageFrame>
    );
  const ticked = new Set(f.monitored);
  return (
    <PageFrame
      title={`Monitoring Certificate - ${f.csNo}`}
      actions={
        <>
          <label className="field">
            <span className="field__label">Export Paper Size</span>
            <select className="select" value={paper} onChange={(e) => setPaper(Number(e.target.value))}>
              {PAPER_SIZES.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button"
            onClick={() => {
              const problem = exportCertificate(f, paper, new Date());
              if (problem) showToast(problem, 'warning');
            }}
          >
            Export Certificate
          </button>
        </>
      }
    >
      <article className="certificate-sheet" aria-label="Certificate of Alarm Monitoring">
        <div className="certificate-sheet__inner">
          <div className="certificate-sheet__brand">MONITORING CENTER</div>
          <h2 className="certificate-sheet__title">CERTIFICATE OF ALARM MONITORING</h2>
          <p className="certificate-sheet__intro">
            This certifies that the protected premises named below are connected to and monitored by a central
            monitoring station 24 hours a day, 365 days a year.
          </p>
          <div className="certificate-sheet__cols">
            <section>
              <h3>PROTECTED PREMISES</h3>
              <strong>{f.siteName}</strong>
              {address(f.siteAddr1, f.siteAddr2, f.siteCity, f.siteState, f.siteZip).map((l) => (
                <div key={l}>{l}</div>
              ))}
              <p>
                Account No. (CS#): <strong>{f.csNo}</strong>
              </p>
            </section>
            <section>
              <h3>INSTALLING / SERVICING DEALER</h3>
              <strong>{f.dealerName}</strong>
              {address(f.dealerAddr1, f.dealerAddr2, f.dealerCity, f.dealerState, f.dealerZip).map((l) => (
                <div key={l}>{l}</div>
              ))}
            </section>
          </div>
          <h3>MONITORED CONDITIONS</h3>
          <ul className="certificate-sheet__checks">
            {MONITORED_CONDITIONS.map((c) => (
              <li key={c.code}>
                {ticked.has(c.code) ? '☑' : '☐'}{' '}
                {c.code === 'O' && f.otherText.trim() ? `Other: ${f.otherText.trim()}` : c.label} ({c.code})
              </li>
            ))}
          </ul>
          <div className="certificate-sheet__dates">
            <div className="certificate-sheet__date">
              DATE ISSUED <strong>{certificateDate(new Date())}</strong>
            </div>
            <div className="certificate-sheet__date">
              CERTIFICATE EXPIRES <strong>{certificateDate(f.expiry)}</strong>
            </div>
          </div>
        </div>
      </article>
    </PageFrame>
  );
}
