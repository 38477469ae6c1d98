import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { UNABLE_TO_PROCESS } from '../../../../machines/messages';
import { Dialog } from '../../components/layout/Dialog';
import { PageFrame } from '../../components/layout/PageFrame';
import { showToast } from '../../components/toast/toastStore';
import { useAllAccounts } from '../../lib/accounts/allAccounts';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { loadCertificate } from './certificateApi';
import { CertificateForm } from './CertificateForm';
import { CERTIFICATE_MESSAGES, DEFAULT_PAPER, PAPER_SIZES, type CertificateFields } from './certificateModel';
import { exportCertificate } from './exportCertificate';
import './certificate.css';

const SUGGEST_CAP = 100;

/**
 * The Monitoring Certificate Wizard (/generatemonitoringcertificate,
 * docs/product/reports-and-settings.md#screens, #states, #validation): search an account by CS#,
 * the found details fill the certificate's fields, then export it on the chosen paper as a PDF
 * named by account and time.
 */
export function CertificateWizardPage() {
  const accounts = useAllAccounts((s) => s.accounts);
  const [csNo, setCsNo] = useState('');
  const [results, setResults] = useState<string[] | null>(null);
  const [fields, setFields] = useState<CertificateFields | null>(null);
  const [paper, setPaper] = useState(DEFAULT_PAPER);
  const [exporting, setExporting] = useState(false);
  const search = useApiMutation((cs: string) => loadCertificate(cs, new Date()));

  const matches = useMemo(() => {
    const q = csNo.trim().toLowerCase();
    if (!q) return [];
    const seen = new Set<string>();
    for (const a of accounts) {
      if (a.cs_no.toLowerCase().includes(q)) seen.add(a.cs_no);
      if (seen.size >= SUGGEST_CAP) break;
    }
    return [...seen];
  }, [accounts, csNo]);

  const generate = async (cs: string) => {
    setResults(null);
    setCsNo(cs);
    try {
      const found = await search.run(cs);
      if (!found) {
        setFields(null);
        showToast(CERTIFICATE_MESSAGES.noRecord, 'warning');
        return;
      }
      setFields(found);
      showToast(CERTIFICATE_MESSAGES.filled, 'success');
    } catch (e) {
      setFields(null);
      showToast(failureMessage(e), 'error');
    }
  };

  const onEnter = () => {
    const typed = csNo.trim();
    if (!typed) return;
    const exact = matches.find((m) => m.toLowerCase() === typed.toLowerCase());
    // A partial CS# that several accounts contain opens the search results to pick from.
    if (!exact && matches.length > 0) setResults(matches);
    else void generate(exact ?? typed);
  };

  const onExport = () => {
    if (!fields) return;
    setExporting(true);
    try {
      const problem = exportCertificate(fields, paper, new Date());
      if (problem) showToast(problem, 'warning');
    } catch {
      showToast(UNABLE_TO_PROCESS, 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageFrame title="Monitoring Certificate Wizard">
      <div className="card certificate-search">
        <label className="field certificate-search__field">
          <span className="field__label">CS#</span>
          <input
            className="input"
            list="certificate-accounts"
            placeholder={CERTIFICATE_MESSAGES.placeholder}
            aria-label="CS#"
            value={csNo}
            onChange={(e) => setCsNo(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onEnter();
              }
            }}
          />
          <datalist id="certificate-accounts">
            {matches.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </label>
        {search.status === 'saving' ? <span aria-busy="true">Searching...</span> : null}
        {fields ? (
          <div className="certificate-search__export">
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
            <button type="button" className="button" disabled={exporting} onClick={onExport}>
              Export Certificate
            </button>
            <Link
              className="button button--secondary"
              to="/monitoringcertificate"
              state={{ certificate: fields }}
            >
              Preview
            </Link>
          </div>
        ) : null}
      </div>
      {fields ? <CertificateForm fields={fields} onChange={setFields} /> : null}
      {results ? (
        <Dialog title="Search Results" onClose={() => setResults(null)}>
          <ul className="certificate-results">
            {results.map((r) => (
              <li key={r}>
                <button type="button" className="link-button" onClick={() => void generate(r)}>
                  {r}
                </button>
              </li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </PageFrame>
  );
}
