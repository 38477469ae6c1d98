import { useId, useMemo, useState } from 'react';
import type { TestEventRow } from '../../../../shared/upstream/onTestRows';
import { readUpstreamTime, formatSiteDisplay } from '../../../../shared/onTest/siteDates';
import { DataGrid } from '../../components/grid/DataGrid';
import type { GridColumn } from '../../components/grid/gridTypes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { siteTestEvents } from './placeOnTestApi';

/** Test events shown per page (doc 2 §9). */
export const TEST_HISTORY_PAGE = 10;

const shownDate = (text: string | null) => {
  const t = readUpstreamTime(text, 0);
  return t ? formatSiteDisplay(t.siteMs) : (text ?? '');
};

const COLUMNS: GridColumn<TestEventRow>[] = [
  { id: 'cs_no', label: 'CS #', width: 120 },
  { id: 'comment', label: 'Comment', width: 260 },
  { id: 'event_id', label: 'Event Id', width: 110 },
  { id: 'event_description', label: 'Event Description', width: 280 },
  {
    id: 'date',
    label: 'Date',
    width: 200,
    value: (r) => readUpstreamTime(r.date, 0)?.instant ?? null,
    render: (r) => shownDate(r.date),
  },
];

/**
 * The site's test Event History (doc 2 §2, §4): test events only, 10 a page, newest first, and a
 * system filter ('All CS#' or one CS#) when the site has more than one system.
 */
export function SiteTestHistory({
  siteNo,
  systems,
}: {
  siteNo: string;
  systems: ReadonlyArray<{ system_no: string; cs_no: string }>;
}) {
  const events = useApiQuery(['placeOnTest', 'testEvents', siteNo], (signal) =>
    siteTestEvents(siteNo, signal),
  );
  const [systemNo, setSystemNo] = useState('');
  const filterId = useId();
  const rows = useMemo(
    () => (events.data ?? []).filter((e) => systemNo === '' || e.system_no === systemNo),
    [events.data, systemNo],
  );
  if (events.status === 'error')
    return (
      <p className="form-error" role="alert">
        {events.message}
      </p>
    );
  return (
    <div className="pot-history">
      {systems.length > 1 ? (
        <div className="field pot-history__filter">
          <label className="field__label" htmlFor={filterId}>
            CS#
          </label>
          <select
            id={filterId}
            className="select"
            value={systemNo}
            onChange={(e) => setSystemNo(e.target.value)}
          >
            <option value="">All CS#</option>
            {systems.map((s) => (
              <option key={s.system_no} value={s.system_no}>
                {s.cs_no}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <DataGrid<TestEventRow>
        label="Test Event History"
        columns={COLUMNS}
        rows={rows}
        getRowId={(r) => `${r.id ?? ''}:${r.test_seqno}:${r.event_id ?? ''}:${r.date ?? ''}`}
        defaultSort={{ columnId: 'date', direction: 'desc' }}
        mode="paged"
        pageSizes={[TEST_HISTORY_PAGE]}
        defaultPageSize={TEST_HISTORY_PAGE}
        loading={events.status === 'loading'}
        emptyText="No records found"
      />
    </div>
  );
}
