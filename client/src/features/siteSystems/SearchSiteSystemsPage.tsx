import { useState, type ComponentProps } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { CsNoLink } from '../../components/handoff/CsNoLink';
import { DataGrid } from '../../components/grid/DataGrid';
import type { GridColumn } from '../../components/grid/gridTypes';
import { PageFrame } from '../../components/layout/PageFrame';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { DirectionsDialog } from '../../reporting/map/DirectionsDialog';
import { SiteInfoCard } from './SiteInfoCard';
import {
  loadSiteInfo,
  loadSiteSystems,
  siteArgOf,
  SITE_INFO_PATH,
  SITE_SYSTEMS_PATH,
  type SiteInfo,
  type SiteSystemRow,
} from './siteSystemsApi';
import './siteSystems.css';

type SiteRef = ComponentProps<typeof DirectionsDialog>['site'];

export function siteRefOf(info: SiteInfo, csNo: string, systemNo: string): SiteRef {
  return {
    csNo,
    siteNo: info.site_no,
    systemNo,
    siteName: info.site_name,
    address1: info.site_addr1,
    address2: info.site_addr2,
    city: info.city_name,
    state: info.state_id,
    zip: info.zip_code,
    latitude: info.lat,
    longitude: info.lng,
  };
}

export const systemColumns: GridColumn<SiteSystemRow>[] = [
  {
    id: 'cs_no',
    label: 'CS#',
    width: 140,
    render: (r) => <CsNoLink target={{ csNo: r.cs_no, siteNo: r.site_no, systemNo: r.system_no }} />,
  },
  { id: 'system_no', label: 'System No', width: 110 },
  { id: 'systype_id', label: 'System Type', width: 120 },
  { id: 'panel_id', label: 'Panel Id', width: 180 },
  { id: 'zone_count', label: 'Zones', width: 80, value: (r) => Number(r.zone_count) || 0 },
  { id: 'IsSystemOnTest', label: 'On Test', width: 90, value: (r) => (r.IsSystemOnTest ? 'Yes' : 'No') },
];

/**
 * Search Site Systems (/searchsitesystems, docs/product/shell-session-search.md#route-table): the
 * site's information card, its systems and driving directions (the Live Alarm View's directions
 * dialog). It needs the site passed in (Account Details' "Go to Full Site Details"); without it the
 * user goes to the dashboard.
 */
export function SearchSiteSystemsPage() {
  const arg = siteArgOf(useLocation().state);
  if (!arg) return <Navigate to="/dashboard" replace />;
  return <SiteSystems siteNo={arg.site_no} csNo={arg.cs_no ?? ''} />;
}

function SiteSystems({ siteNo, csNo }: { siteNo: string; csNo: string }) {
  const info = useApiQuery(['GET', SITE_INFO_PATH, siteNo], (s) => loadSiteInfo(siteNo, s));
  const systems = useApiQuery(['GET', SITE_SYSTEMS_PATH, siteNo], (s) => loadSiteSystems(siteNo, s));
  const [directions, setDirections] = useState(false);
  const rows = systems.data ?? [];
  const first = rows.find((r) => r.cs_no === csNo) ?? rows[0];
  return (
    <PageFrame
      title={`Site Details${info.data?.site_name ? ` - ${info.data.site_name}` : ''}`}
      actions={
        info.data ? (
          <>
            <button type="button" className="button" onClick={() => setDirections(true)}>
              Driving Directions
            </button>
            <Link
              className="button button--secondary"
              to="/propertydetails"
              state={{ site: { site_no: siteNo, cs_no: csNo, site_name: info.data.site_name } }}
            >
              Property Details
            </Link>
          </>
        ) : null
      }
    >
      {info.status === 'error' ? (
        <p role="alert" className="form-error">
          {info.message}
        </p>
      ) : null}
      {info.status === 'loading' ? <p aria-busy="true">Loading...</p> : null}
      {info.data ? <SiteInfoCard info={info.data} csNo={csNo} /> : null}
      <h2 className="site-section">Systems</h2>
      {systems.status === 'error' ? (
        <p role="alert" className="form-error">
          {systems.message}
        </p>
      ) : null}
      <DataGrid<SiteSystemRow>
        label="Systems"
        columns={systemColumns}
        rows={rows}
        getRowId={(r) => r.system_no}
        loading={systems.status === 'loading'}
        minColumnWidth={80}
        maxColumnWidth={200}
      />
      {directions && info.data ? (
        <DirectionsDialog
          site={siteRefOf(info.data, first?.cs_no ?? csNo, first?.system_no ?? '')}
          onClose={() => setDirections(false)}
        />
      ) : null}
    </PageFrame>
  );
}
