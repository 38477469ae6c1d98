import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DataGrid } from '../../components/grid/DataGrid';
import type { GridColumn } from '../../components/grid/gridTypes';
import { CsNoLink } from '../../components/handoff/CsNoLink';
import { Icon } from '../../components/icons/Icon';
import { Drawer } from '../../components/layout/Drawer';
import { showToast } from '../../components/toast/toastStore';
import type { SiteRow } from '../../lib/api/rowSchemas';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useOnFailure } from '../../lib/query/useOnFailure';
import { AccountDetailsDialog } from './AccountDetailsDialog';
import { fetchRecentlyAccessed } from './recentlyAccessedApi';

type Row = SiteRow & { rowId: string };

/**
 * Recently Accessed (docs/product/shell-session-search.md#side-panels): reloaded each time the
 * drawer opens (the last list shows meanwhile). A CS# hands off; the info button opens Account
 * Details, whose button leads to the full site details.
 */
export function RecentlyAccessedPanel({ onClose }: { onClose: () => void }) {
  const list = useApiQuery(['recentlyAccessed'], fetchRecentlyAccessed);
  const [details, setDetails] = useState<SiteRow | null>(null);
  const navigate = useNavigate();
  const rows = useMemo<Row[]>(
    () => (list.data ?? []).map((r, i) => ({ ...r, rowId: `${r.cs_no}|${r.site_no}|${r.system_no}#${i}` })),
    [list.data],
  );
  const loading = list.status === 'loading';

  useOnFailure(list, (message) => showToast(message, 'error'));

  const columns: GridColumn<Row>[] = [
    {
      id: 'cs_no',
      label: 'CS #',
      width: 120,
      render: (r) => <CsNoLink target={{ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no }} />,
    },
    { id: 'site_name', label: 'Site Name', width: 190 },
  ];

  return (
    <Drawer title="Recently Accessed" onClose={onClose}>
      <DataGrid
        label="Recently accessed sites"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.rowId}
        loading={loading}
        rowActionsLabel="Details"
        rowActionsWidth={64}
        rowActions={(r) => (
          <button
            type="button"
            className="icon-button"
            aria-label={`Account details of ${r.cs_no}`}
            onClick={() => setDetails(r)}
          >
            <Icon name="info" size={18} />
          </button>
        )}
        mode="scroll"
        maxBodyHeight={640}
      />
      {loading ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : null}
      {details ? (
        <AccountDetailsDialog
          row={details}
          onClose={() => setDetails(null)}
          onFullDetails={() => {
            setDetails(null);
            onClose();
            navigate('/searchsitesystems', { state: { site: details } });
          }}
        />
      ) : null}
    </Drawer>
  );
}
