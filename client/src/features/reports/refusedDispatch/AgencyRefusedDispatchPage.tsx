import { SiteCountReport } from '../common/SiteCountReport';
import { refusedColumns, refusedDetailColumns } from './refusedColumns';
import { fetchRefusedDispatches } from './refusedDispatchApi';

/**
 * Agency Refused Dispatch (/agencyrefuseddispatch, docs/product/reports-and-settings.md#screens):
 * tabs, the site-count chart whose click lists CS# and site name, 'Filter by City', the expandable
 * grid of refusals, and the Excel export with the refusals under each site.
 */
export function AgencyRefusedDispatchPage() {
  return (
    <SiteCountReport
      report="agencyrefuseddispatch"
      title="Agency Refuse to Dispatch"
      fetchRows={fetchRefusedDispatches}
      chart={{ label: 'Site counts by signal count', testId: 'refused-chart' }}
      columns={refusedColumns}
      detail={{
        label: 'Refusals',
        columns: refusedDetailColumns,
        getRowId: (r) => r.alarminc_no || `${r.cs_no}|${r.event_date}`,
      }}
      exportAs={{ title: 'Agency Refused Dispatch', fileName: 'Agency_Refused_Dispatch' }}
      schedule="refusedDispatch"
    />
  );
}
