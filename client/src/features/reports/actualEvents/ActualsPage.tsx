import { useRowDetails } from '../../../reporting/RowDetails';
import { SiteCountReport } from '../common/SiteCountReport';
import { actualColumns, actualDetails, actualEventColumns } from './actualColumns';
import { actualEventCountOf, type ActualSystem } from '../../../../../shared/reports/actualEvents';
import { fetchActualEvents } from './actualEventsApi';

/**
 * The marker popup shows for 4 s at top centre (docs/product/reports-and-settings.md#screens,
 * #constants).
 */
const POPUP_MS = 4000;

/**
 * Actuals (/actualEvents, docs/product/reports-and-settings.md#screens): one tab per range, the
 * 'Site Counts' chart with its 4 s popup, 'Filter by City', one row per system expanding to its
 * events, the 'Actual Events - {account}' dialog, and Actual_Events_{date}.xlsx with the events
 * nested.
 */
export function ActualsPage() {
  const details = useRowDetails<ActualSystem>({
    fields: actualDetails,
    name: (s) => s.head.cs_no,
    title: (s) => `Actual Events - ${s.head.cs_no}`,
    buttonText: 'More details',
  });
  return (
    <SiteCountReport
      report="actualEvents"
      title="Actuals"
      fetchRows={fetchActualEvents}
      countOf={actualEventCountOf}
      chart={{ label: 'Site Counts', testId: 'actuals-chart', popupMs: POPUP_MS }}
      columns={actualColumns}
      detail={{
        label: 'Events',
        columns: actualEventColumns,
        getRowId: (r) => r.alarminc_no || `${r.system_no}|${r.event_date}`,
      }}
      exportAs={{ title: 'Actual Events', fileName: 'Actual_Events' }}
      schedule="actualEvents"
      rowActions={{
        label: 'Details',
        width: 120,
        render: details.button,
      }}
    >
      {details.dialog}
    </SiteCountReport>
  );
}
