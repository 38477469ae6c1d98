import { SiteCountReport } from '../common/SiteCountReport';
import { dispatchCountOf } from '../../../../../shared/reports/agencyDispatch';
import { dispatchColumns, dispatchDetailColumns } from './dispatchColumns';
import { fetchAgencyDispatches } from './dispatchesApi';

/**
 * Agency Dispatch (/dispatches, docs/product/reports-and-settings.md#screens): range tabs, the line
 * chart of sites per signal count with its click popup, the city filter, one row per system
 * expanding to the agencies sent, and Agency_Dispatch_{date}.xlsx with those rows under each
 * system.
 */
export function AgencyDispatchPage() {
  return (
    <SiteCountReport
      report="dispatches"
      title="Agency Dispatch"
      fetchRows={fetchAgencyDispatches}
      countOf={dispatchCountOf}
      chart={{ label: 'Sites per signal count', testId: 'dispatch-chart' }}
      columns={dispatchColumns}
      detail={{
        label: 'Agency details',
        columns: dispatchDetailColumns,
        getRowId: (r) => r.alarminc_no || `${r.system_no}|${r.event_date}`,
      }}
      exportAs={{ title: 'Agency Dispatch', fileName: 'Agency_Dispatch' }}
      schedule="dispatches"
    />
  );
}
