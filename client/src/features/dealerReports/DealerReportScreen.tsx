import { useRef, useState } from 'react';
import type { GridColumn } from '../../components/grid/gridTypes';
import { showToast } from '../../components/toast/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useSessionView } from '../../lib/session/sessionView';
import { ExportButtons } from '../../reporting/export/ExportButtons';
import { fileTimestamp } from '../../reporting/reportDates';
import { ReportFrame } from '../../reporting/ReportFrame';
import { ReportGrid, type ReportGridApi } from '../../reporting/ReportGrid';
import { AccountSuggest } from './AccountSuggest';
import {
  accountProblem,
  companiesOf,
  DEALER_REPORT_MESSAGES,
  knownAccount,
  loadCompanySites,
  runDealerReport,
  servcoNoOf,
  SITES_PATH,
  type ReportRow,
} from './dealerReportsApi';
import './dealerReports.css';

interface Ran {
  company: string;
  account: string;
  at: Date;
  rows: ReportRow[];
}

/**
 * The Zone Report and the Site Contact Report (docs/product/reports-and-settings.md#screens,
 * #states, #validation): choose the service company, enter an account (suggested from that
 * company's accounts), Run, then the parameters summary card and the rows. The contact report of a
 * corporate account (servco type C) asks for the corporate account number instead, digits only.
 */
export function DealerReportScreen({
  title,
  report,
  columns,
}: {
  title: string;
  report: 'zone' | 'contact';
  columns: GridColumn<ReportRow>[];
}) {
  const { profile } = useSessionView();
  const companies = profile ? companiesOf(profile) : [];
  const [servcoNo, setServcoNo] = useState(() => profile?.servco_no ?? servcoNoOf(companies[0]));
  const [account, setAccount] = useState('');
  const [corpNo, setCorpNo] = useState('');
  const [ran, setRan] = useState<Ran | null>(null);
  const grid = useRef<ReportGridApi<ReportRow>>(null);
  const company = companies.find((c) => servcoNoOf(c) === servcoNo) ?? companies[0];
  const corporate = report === 'contact' && company?.servco_Type?.toUpperCase() === 'C';
  const sites = useApiQuery(['GET', SITES_PATH, servcoNo], (signal) => loadCompanySites(servcoNo, signal));
  const run = useApiMutation((vars: { csNo: string; corpNo: string }) =>
    runDealerReport(corporate ? 'corporateContact' : report, { servcoNo, ...vars }),
  );

  const onRun = async () => {
    if (corporate && !corpNo) return showToast(DEALER_REPORT_MESSAGES.enterCorp, 'warning');
    if (!corporate) {
      const problem = accountProblem(
        sites.status === 'ready' || sites.status === 'empty' ? sites.data : null,
        account,
      );
      if (problem) return showToast(problem, 'warning');
    }
    // The account as the company lists it (the check is case-insensitive).
    const csNo = (sites.data && knownAccount(sites.data, account)?.cs_no) || account.trim();
    try {
      const rows = await run.run({ csNo, corpNo });
      if (rows.length === 0) showToast(DEALER_REPORT_MESSAGES.noRecords, 'warning');
      setRan({
        company: company?.servco_name ?? servcoNo,
        account: corporate ? corpNo : csNo,
        at: new Date(),
        rows,
      });
    } catch (e) {
      showToast(failureMessage(e), 'error');
    }
  };

  // The shared exports, as on every report (docs/product/reports-and-settings.md#messages: Excel in
  // the browser, PDF letter at 0.5). NOTE: the spec names no file for these two; the title, the
  // account and the run's time.
  const exports = ran ? (
    <ExportButtons
      disabled={ran.rows.length === 0}
      getTable={() =>
        grid.current!.exportTable({
          title: `${title} - ${ran.account}`,
          fileName: `${title.replace(/\s+/g, '_')}_${ran.account}_${fileTimestamp(ran.at)}`,
        })
      }
      pdf={{ scale: 0.5, fileName: 'Export' }}
    />
  ) : null;

  const form = (
    <form
      className="card dealer-report__form"
      onSubmit={(e) => {
        e.preventDefault();
        void onRun();
      }}
    >
      <label className="field">
        <span className="field__label">Service Company</span>
        <select
          className="select"
          value={servcoNo}
          onChange={(e) => {
            setServcoNo(e.target.value);
            setAccount('');
            setRan(null);
          }}
        >
          {companies.map((c) => (
            <option key={servcoNoOf(c)} value={servcoNoOf(c)}>
              {c.servco_name}
            </option>
          ))}
        </select>
      </label>
      {corporate ? (
        <label className="field">
          <span className="field__label">Corporate Account No</span>
          <input
            className="input"
            inputMode="numeric"
            placeholder="Enter Corporate Account No"
            value={corpNo}
            onChange={(e) => setCorpNo(e.target.value.replace(/\D/g, ''))}
          />
        </label>
      ) : (
        <div className="field">
          <span className="field__label">
            Account No
            <span
              className="dealer-report__info"
              title="Display inactive accounts"
              aria-label="Display inactive accounts"
              role="img"
            >
              i
            </span>
          </span>
          <AccountSuggest
            sites={sites.data ?? []}
            value={account}
            onChange={setAccount}
            onEnter={() => void onRun()}
          />
        </div>
      )}
      <button type="submit" className="button" disabled={run.status === 'saving'}>
        Run
      </button>
    </form>
  );

  return (
    <ReportFrame title={title} toolbar={form} exports={exports} loading={run.status === 'saving'}>
      {ran ? (
        <>
          <section className="card" aria-label="Report parameters">
            <dl className="dealer-report__summary">
              <div>
                <dt>Report</dt>
                <dd>{title}</dd>
              </div>
              <div>
                <dt>Service Company</dt>
                <dd>{ran.company}</dd>
              </div>
              <div>
                <dt>{corporate ? 'Corporate Account No' : 'Account No'}</dt>
                <dd>{ran.account}</dd>
              </div>
              <div>
                <dt>Run at</dt>
                <dd>{ran.at.toLocaleString()}</dd>
              </div>
              <div>
                <dt>Rows</dt>
                <dd>{ran.rows.length}</dd>
              </div>
            </dl>
          </section>
          <ReportGrid<ReportRow>
            label={title}
            columns={columns}
            rows={ran.rows}
            getRowId={(r) => Object.values(r).join('|')}
            emptyText={DEALER_REPORT_MESSAGES.noRecords}
            apiRef={grid}
          />
        </>
      ) : null}
    </ReportFrame>
  );
}
