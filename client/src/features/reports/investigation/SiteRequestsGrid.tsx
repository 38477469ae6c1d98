import type { Ref } from 'react';
import type { GridColumn } from '../../../components/grid/gridTypes';
import { formatEventDate } from '../../../reporting/reportDates';
import { ReportGrid, type ReportGridApi } from '../../../reporting/ReportGrid';
import type { Discrepancy, SiteRequests } from './investigationApi';
import { CsNoLink } from '../../../components/handoff/CsNoLink';

const siteColumns: GridColumn<SiteRequests>[] = [
  { id: 'site_name', label: 'Site Name', value: (r) => r.site.site_name },
  { id: 'site_addr1', label: 'Site Address1', value: (r) => r.site.site_addr1 },
  { id: 'site_addr2', label: 'Address2', value: (r) => r.site.site_addr2 },
  { id: 'city_name', label: 'City', value: (r) => r.site.city_name },
  { id: 'state_id', label: 'State Id', value: (r) => r.site.state_id },
  { id: 'zip_code', label: 'Zip Code', value: (r) => r.site.zip_code },
  { id: 'count', label: 'Requests', value: (r) => r.requests.length },
];

const detailColumns: GridColumn<Discrepancy>[] = [
  {
    id: 'cs_no',
    label: 'CS #',
    render: (r) => <CsNoLink target={{ csNo: r.cs_no, siteNo: r.site_no, systemNo: r.system_no }} />,
  },
  { id: 'event_date', label: 'Event Date', value: (r) => formatEventDate(r.event_date) },
  { id: 'comment', label: 'Comments', width: 200 },
];

/** One row per site with its requests (CS #, Event Date, Comments) underneath, newest first. */
export function SiteRequestsGrid({
  label,
  rows,
  apiRef,
}: {
  label: string;
  rows: readonly SiteRequests[];
  apiRef?: Ref<ReportGridApi<SiteRequests>>;
}) {
  return (
    <ReportGrid<SiteRequests, Discrepancy>
      label={label}
      columns={siteColumns}
      rows={rows}
      getRowId={(r) => r.id}
      apiRef={apiRef}
      detail={{
        label: 'Requests',
        columns: detailColumns,
        rowsOf: (r) => r.requests,
        getRowId: (d) => `${d.cs_no}|${d.event_date}|${d.comment}`,
      }}
    />
  );
}
