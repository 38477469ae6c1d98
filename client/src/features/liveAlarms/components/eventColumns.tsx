import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { GridColumn, GridSort } from '../../../components/grid/gridTypes';
import { CsNoLink } from '../../../components/handoff/CsNoLink';
import { eventTime } from '../model/eventFilters';
import type { Compare, SortKey } from '../../../lib/live/rowOrder';
import { formatSiteDate } from '../model/siteTime';

/**
 * System Test shows 'Off' when isTestCleared is Y and 'On' when N
 * (docs/product/live-alarms-and-testing.md#screens).
 */
export function systemTestText(isTestCleared: string | null): string {
  if (isTestCleared === 'Y') return 'Off';
  if (isTestCleared === 'N') return 'On';
  return '';
}

/**
 * The event history's columns (docs/product/live-alarms-and-testing.md#screens), keyed by the
 * upstream's field names (the saved Prop).
 */
export const EVENT_COLUMNS: readonly GridColumn<EventLogRow>[] = [
  { id: 'eventrpt_id', label: 'Event Type', width: 110 },
  { id: 'event_Id', label: 'Event Id', width: 100 },
  {
    id: 'cS_',
    label: 'CS#',
    width: 120,
    render: (r) => <CsNoLink target={{ csNo: r.cS_, siteNo: r.site_no, systemNo: r.system_No }} />,
  },
  { id: 'eventDate', label: 'Event Date', width: 200, value: (r) => formatSiteDate(r.eventDate) },
  { id: 'description', label: 'Description', width: 220 },
  { id: 'siteName', label: 'Site Name', width: 200 },
  { id: 'address1', label: 'Address1', width: 180 },
  { id: 'address2', label: 'Address2', width: 140 },
  { id: 'city', label: 'City', width: 130 },
  { id: 'state', label: 'State', width: 100 },
  { id: 'zipcode', label: 'Zip Code', width: 100 },
  { id: 'isTestCleared', label: 'System Test', width: 120, value: (r) => systemTestText(r.isTestCleared) },
];

export const EVENT_COLUMN_IDS = EVENT_COLUMNS.map((c) => c.id);
export const EVENT_COLUMN_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  EVENT_COLUMNS.map((c) => [c.id, c.label]),
);
/** Hidden until the agency saves otherwise (the upstream's default format hides them too). */
export const EVENT_DEFAULT_HIDDEN = ['address2', 'zipcode'];

/** Sort keys per column; Event Date sorts by the instant, not the text. */
export const EVENT_SORT_KEYS: Readonly<Record<string, (r: EventLogRow) => SortKey>> = {
  eventrpt_id: (r) => r.eventrpt_id,
  event_Id: (r) => r.event_Id,
  cS_: (r) => r.cS_,
  eventDate: (r) => eventTime(r).at,
  description: (r) => r.description,
  siteName: (r) => r.siteName,
  address1: (r) => r.address1,
  address2: (r) => r.address2,
  city: (r) => r.city,
  state: (r) => r.state,
  zipcode: (r) => r.zipcode,
  isTestCleared: (r) => systemTestText(r.isTestCleared),
};

/**
 * Default sort eventDate descending; clearing a sort restores it
 * (docs/product/live-alarms-and-testing.md#states).
 */
export const EVENT_DEFAULT_SORT: GridSort = { columnId: 'eventDate', direction: 'desc' };

/** Ties: newest first, then the higher id. */
export const eventTieBreak: Compare<EventLogRow> = (a, b) =>
  eventTime(b).at - eventTime(a).at ||
  Number(b.id) - Number(a.id) ||
  (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
