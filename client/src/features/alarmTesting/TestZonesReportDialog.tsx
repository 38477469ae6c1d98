import { useId, useMemo, useState } from 'react';
import { REPORT_EMAIL_SENT } from '../../../../machines/messages';
import { showUpstreamTime } from '../../../../shared/onTest/siteDates';
import { cellTextOf } from '../../../../shared/reports/reportColumns';
import { TEST_ZONES_COLUMNS } from '../../../../shared/reports/testZones';
import { reportEmailAddresses } from '../../../../shared/reportEmail/reportEmailRules';
import type { TestZonesReportRow } from '../../../../shared/upstream/onTestRows';
import { GridOrCards } from '../../components/cardList/GridOrCards';
import type { GridColumn } from '../../components/grid/gridTypes';
import { Dialog } from '../../components/layout/Dialog';
import { FormError, FormSuccess } from '../../components/form/FormMessage';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { saveBlob } from '../../reporting/export/exportFiles';
import { ScheduleEmailButton } from '../../reporting/schedule/ScheduleEmailButton';
import { useSessionView } from '../../lib/session/sessionView';
import { sendReportEmail, testZonesReport } from './alarmTestingApi';
import { TEST_ZONE_CARD } from './testZoneCard';

// NOTE: the columns are the bridge's too (shared/schedules): a scheduled e-mail prints the same table.
const FIELDS = TEST_ZONES_COLUMNS;
const cellOf = (row: TestZonesReportRow, f: (typeof FIELDS)[number]): string => cellTextOf(f, row);

const COLUMNS: GridColumn<TestZonesReportRow>[] = FIELDS.map((f) => ({
  id: f.id,
  label: f.label,
  width: f.width,
  value: (r) => cellOf(r, f),
}));

/** The PDF of the report (letter, scale 0.5), its header fields in the title line. */
async function reportPdf(
  siteName: string,
  header: string,
  rows: readonly TestZonesReportRow[],
): Promise<Blob> {
  const { buildPdfTable } = await import('../../reporting/export/pdfTable');
  const bytes = await buildPdfTable(
    {
      title: `Test Zones Report - ${siteName} - ${header}`,
      columns: FIELDS.map((f) => ({ label: f.label, width: f.width })),
      cells: rows.map((r) => FIELDS.map((f) => cellOf(r, f))),
    },
    { scale: 0.5 },
  );
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}

/**
 * The Test Zones Report popup (docs/product/live-alarms-and-testing.md#screens, #validation,
 * #calls): the site's header fields and one row per zone of each system on test; Download PDF;
 * E-mail it to addresses separated by semicolons through MASAPI/sendReportEmail.
 */
export function TestZonesReportDialog({ siteNo, onClose }: { siteNo: string; onClose(): void }) {
  const agencyId = useSessionView().profile?.agencyId ?? '';
  const report = useApiQuery(['alarmTesting', 'zonesReport', siteNo], (signal) =>
    testZonesReport(siteNo, signal),
  );
  const rows = useMemo(() => report.data ?? [], [report.data]);
  const [to, setTo] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const toId = useId();
  const first = rows[0];
  const siteName = first?.site_name ?? `Site ${siteNo}`;
  const address = first
    ? [
        first.site_addr1,
        first.site_addr2,
        [first.city_name, first.state_id, first.zip_code].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const effective = first ? showUpstreamTime(first.effective_date) : '';
  const expire = first ? showUpstreamTime(first.expire_date) : '';
  const header = `${address} - Effective ${effective} - Expire ${expire}`;
  const fileName = `TestZonesReport_${siteNo}.pdf`;

  const email = useApiMutation(async (addresses: string[]) =>
    sendReportEmail({
      toAddress: addresses.join(';'),
      subject: `Test Zones Report - ${siteName}`,
      body: `The Test Zones Report of ${siteName} (${address}) is attached.`,
      pdf: await reportPdf(siteName, header, rows),
      fileName,
    }),
  );

  const send = () => {
    const { addresses, error } = reportEmailAddresses(to);
    setEmailError(error);
    if (!error) email.start(addresses);
  };
  const download = async () => {
    setPdfBusy(true);
    try {
      saveBlob(await reportPdf(siteName, header, rows), fileName);
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <Dialog
      title="Test Zones Report"
      onClose={onClose}
      footer={
        <>
          {agencyId ? <ScheduleEmailButton report="testZones" agencyId={agencyId} siteNo={siteNo} /> : null}
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      {report.status === 'loading' ? <p aria-busy="true">Loading…</p> : null}
      {report.status === 'error' ? <FormError error={report.message} /> : null}
      {report.status === 'ready' || report.status === 'empty' ? (
        <div className="testing-report">
          <dl className="testing-report__header">
            <dt>Site Name</dt>
            <dd>{siteName}</dd>
            <dt>Address</dt>
            <dd>{[first?.site_addr1, first?.site_addr2].filter(Boolean).join(', ')}</dd>
            <dt>City</dt>
            <dd>{[first?.city_name, first?.state_id, first?.zip_code].filter(Boolean).join(' ')}</dd>
            <dt>Effective Date</dt>
            <dd>{effective}</dd>
            <dt>Expire Date</dt>
            <dd>{expire}</dd>
          </dl>
          <GridOrCards<TestZonesReportRow>
            card={TEST_ZONE_CARD}
            cardScroll="box"
            label="Test Zones Report"
            columns={COLUMNS}
            rows={rows}
            getRowId={(r) => `${r.system_no}:${r.zone_id}:${r.effective_date ?? ''}`}
            mode="scroll"
            maxBodyHeight={320}
          />
          <div className="testing-report__actions">
            <button
              type="button"
              className="button"
              disabled={pdfBusy || rows.length === 0}
              onClick={download}
            >
              Download PDF
            </button>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={toId}>
              E-mail to (separate addresses with ;)
            </label>
            <div className="testing-report__email">
              <input
                id={toId}
                className="input"
                type="text"
                value={to}
                aria-invalid={emailError ? true : undefined}
                onChange={(e) => {
                  setTo(e.target.value);
                  setEmailError(null);
                  email.reset();
                }}
              />
              <button
                type="button"
                className="button"
                disabled={email.status === 'saving' || rows.length === 0}
                onClick={send}
              >
                {email.status === 'saving' ? 'Sending…' : 'Send E-mail'}
              </button>
            </div>
            <FormError error={emailError} />
            {email.status === 'error' ? <FormError error={email.message ?? failureMessage(null)} /> : null}
            {email.status === 'done' ? (
              <FormSuccess
                message={typeof email.data === 'string' && email.data ? email.data : REPORT_EMAIL_SENT}
              />
            ) : null}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
