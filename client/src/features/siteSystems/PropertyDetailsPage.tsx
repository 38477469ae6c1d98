import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DataGrid } from '../../components/grid/DataGrid';
import type { GridColumn } from '../../components/grid/gridTypes';
import { PageFrame } from '../../components/layout/PageFrame';
import { useAllAccounts } from '../../lib/accounts/allAccounts';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { systemColumns } from './SearchSiteSystemsPage';
import { SiteInfoCard } from './SiteInfoCard';
import {
  loadSiteInfo,
  loadSiteSystems,
  loadZones,
  siteArgOf,
  SITE_INFO_PATH,
  SITE_SYSTEMS_PATH,
  SYSTEM_DATA_PATH,
  type SiteArg,
  type SiteSystemRow,
  type ZoneRow,
} from './siteSystemsApi';
import './siteSystems.css';

const zoneColumns: GridColumn<ZoneRow>[] = [
  { id: 'zone_id', label: 'Zone Id', width: 90 },
  { id: 'comment', label: 'Comment', width: 200 },
  { id: 'equiploc_id', label: 'Equip Loc', width: 100 },
  { id: 'event_id', label: 'Event Id', width: 90 },
  {
    id: 'zonestate_id',
    label: 'Zone State',
    width: 110,
    value: (r) =>
      r.zonestate_id === 'A' ? 'Unrestored' : r.zonestate_id === 'R' ? 'Restored' : r.zonestate_id,
  },
];

/**
 * Property Details (/propertydetails): the spec does not show it (docs/decisions.md). A dealer
 * expects the whole property: the site's card, every system on it, and each system's zones.
 * Opened from Site Details with the site; opened alone, it asks for an account first.
 */
export function PropertyDetailsPage() {
  const passed = siteArgOf(useLocation().state);
  const [chosen, setChosen] = useState<SiteArg | null>(null);
  const site = chosen ?? passed;
  return (
    <PageFrame title={`Property Details${site?.site_name ? ` - ${site.site_name}` : ''}`}>
      <AccountPicker onPick={setChosen} current={site?.cs_no ?? ''} />
      {site ? <Property key={site.site_no} site={site} /> : null}
    </PageFrame>
  );
}

function AccountPicker({ onPick, current }: { onPick: (s: SiteArg) => void; current: string }) {
  const accounts = useAllAccounts((s) => s.accounts);
  const [typed, setTyped] = useState(current);
  const matches = useMemo(() => {
    const q = typed.trim().toLowerCase();
    return q ? accounts.filter((a) => a.cs_no.toLowerCase().includes(q)).slice(0, 100) : [];
  }, [accounts, typed]);
  const open = () => {
    const exact = accounts.find((a) => a.cs_no.toLowerCase() === typed.trim().toLowerCase()) ?? matches[0];
    if (exact) onPick({ site_no: exact.site_no, cs_no: exact.cs_no, site_name: exact.site_name });
  };
  return (
    <form
      className="card property-picker"
      onSubmit={(e) => {
        e.preventDefault();
        open();
      }}
    >
      <label className="field">
        <span className="field__label">CS#</span>
        <input
          className="input"
          list="property-accounts"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <datalist id="property-accounts">
          {matches.map((a) => (
            <option key={`${a.cs_no}-${a.system_no}`} value={a.cs_no}>
              {a.site_name}
            </option>
          ))}
        </datalist>
      </label>
      <button type="submit" className="button" disabled={matches.length === 0}>
        Show Property
      </button>
    </form>
  );
}

function Zones({ systemNo }: { systemNo: string }) {
  const zones = useApiQuery(['GET', SYSTEM_DATA_PATH, systemNo], (s) => loadZones(systemNo, s));
  if (zones.status === 'error') return <p className="form-error">{zones.message}</p>;
  return (
    <div className="property-zones">
      <DataGrid<ZoneRow>
        label={`Zones of system ${systemNo}`}
        columns={zoneColumns}
        rows={zones.data ?? []}
        getRowId={(r) => r.zone_id}
        loading={zones.status === 'loading'}
        mode="scroll"
        maxBodyHeight={220}
        minColumnWidth={80}
        maxColumnWidth={200}
      />
    </div>
  );
}

function Property({ site }: { site: SiteArg }) {
  const info = useApiQuery(['GET', SITE_INFO_PATH, site.site_no], (s) => loadSiteInfo(site.site_no, s));
  const systems = useApiQuery(['GET', SITE_SYSTEMS_PATH, site.site_no], (s) =>
    loadSiteSystems(site.site_no, s),
  );
  return (
    <>
      {info.status === 'error' ? (
        <p role="alert" className="form-error">
          {info.message}
        </p>
      ) : null}
      {info.data ? <SiteInfoCard info={info.data} csNo={site.cs_no} /> : null}
      <p>
        <Link to="/searchsitesystems" state={{ site }}>
          Site Details and driving directions
        </Link>
      </p>
      <h2 className="site-section">Systems and zones</h2>
      {systems.status === 'error' ? (
        <p role="alert" className="form-error">
          {systems.message}
        </p>
      ) : null}
      <DataGrid<SiteSystemRow>
        label="Systems and zones"
        columns={systemColumns}
        rows={systems.data ?? []}
        getRowId={(r) => r.system_no}
        loading={systems.status === 'loading'}
        renderDetail={(r) => <Zones systemNo={r.system_no} />}
        detailHeight={300}
        minColumnWidth={80}
        maxColumnWidth={200}
      />
    </>
  );
}
