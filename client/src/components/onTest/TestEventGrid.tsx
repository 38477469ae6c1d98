import { readUpstreamTime, showUpstreamTime } from '../../../../shared/onTest/siteDates';
import type { TestEventRow } from '../../../../shared/upstream/onTestRows';
import { GridOrCards } from '../cardList/GridOrCards';
import type { RowCard } from '../cardList/rowCard';
import type { GridColumn } from '../grid/gridTypes';

/** Test events shown per page (docs/product/live-alarms-and-testing.md#constants). */
export const TEST_HISTORY_PAGE = 10;

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
    render: (r) => showUpstreamTime(r.date),
  },
];

/** A test event on a phone: what and when, then the account, the event id and the comment. */
const CARD: RowCard<TestEventRow> = {
  title: (r) => r.event_description,
  aside: (r) => showUpstreamTime(r.date),
  fields: [
    { label: 'CS #', value: (r) => r.cs_no },
    { label: 'Event Id', value: (r) => r.event_id },
    { label: 'Comment', value: (r) => r.comment },
  ],
  estimateHeight: 120,
};

/**
 * The test Event History grid of Alarm Testing and Place On Test
 * (docs/product/live-alarms-and-testing.md#screens, #states): test events, 10 a page, newest first.
 */
export function TestEventGrid({ rows, loading }: { rows: readonly TestEventRow[]; loading: boolean }) {
  return (
    <GridOrCards<TestEventRow>
      card={CARD}
      cardScroll="box"
      label="Test Event History"
      columns={COLUMNS}
      rows={rows}
      getRowId={(r) => `${r.id ?? ''}:${r.test_seqno}:${r.event_id ?? ''}:${r.date ?? ''}`}
      defaultSort={{ columnId: 'date', direction: 'desc' }}
      mode="paged"
      pageSizes={[TEST_HISTORY_PAGE]}
      defaultPageSize={TEST_HISTORY_PAGE}
      loading={loading}
    />
  );
}
