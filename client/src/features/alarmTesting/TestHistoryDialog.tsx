import { useMemo } from 'react';
import { formatSiteDisplay, readUpstreamTime } from '../../../../shared/onTest/siteDates';
import type { TestEventRow } from '../../../../shared/upstream/onTestRows';
import { DataGrid } from '../../components/grid/DataGrid';
import type { GridColumn } from '../../components/grid/gridTypes';
import { Dialog } from '../../components/layout/Dialog';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { testHistory } from './alarmTestingApi';

const COLUMNS: GridColumn<TestEventRow>[] = [
  { id: 'cs_no', label: 'CS #', width: 110 },
  { id: 'comment', label: 'Comment', width: 220 },
  { id: 'event_id', label: 'Event Id', width: 100 },
  { id: 'event_description', label: 'Event Description', width: 260 },
  {
    id: 'date',
    label: 'Date',
    width: 190,
    value: (r) => readUpstreamTime(r.date, 0)?.instant ?? null,
    render: (r) => {
      const t = readUpstreamTime(r.date, 0);
      return t ? formatSiteDisplay(t.siteMs) : (r.date ?? '');
    },
  },
];

/** View Test History (doc 2 §2, §4): the system's test events, 10 a page, newest first. */
export function TestHistoryDialog({
  siteNo,
  systemNo,
  csNo,
  onClose,
}: {
  siteNo: string;
  systemNo: string;
  csNo: string;
  onClose(): void;
}) {
  const history = useApiQuery(['alarmTesting', 'history', siteNo], (signal) => testHistory(siteNo, signal));
  const rows = useMemo(
    () => (history.data ?? []).filter((e) => e.system_no === systemNo),
    [history.data, systemNo],
  );
  return (
    <Dialog
      title={`Test Event History - ${csNo}`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {history.status === 'error' ? (
        <p className="form-error" role="alert">
          {history.message}
        </p>
      ) : (
        <div className="testing-history">
          <DataGrid<TestEventRow>
            label="Test Event History"
            columns={COLUMNS}
            rows={rows}
            getRowId={(r) => `${r.id ?? ''}:${r.test_seqno}:${r.event_id ?? ''}:${r.date ?? ''}`}
            defaultSort={{ columnId: 'date', direction: 'desc' }}
            mode="paged"
            pageSizes={[10]}
            defaultPageSize={10}
            loading={history.status === 'loading'}
          />
        </div>
      )}
    </Dialog>
  );
}
