import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatTimeLeft } from '../../../../shared/onTest/siteDates';
import { GridOrCards } from '../../components/cardList/GridOrCards';
import type { GridColumn } from '../../components/grid/gridTypes';
import { PageFrame } from '../../components/layout/PageFrame';
import { TabStrip, type Tab } from '../../components/layout/TabStrip';
import { useHandOff } from '../../components/handoff/useHandOff';
import { useSessionView } from '../../lib/session/sessionView';
import type { ExportTable } from '../../reporting/export/exportFiles';
import { ExportButtons } from '../../reporting/export/ExportButtons';
import { clearTestFlow, extendTestFlow } from './alarmTestingActors';
import { ClearTestDialog } from './ClearTestDialog';
import { ExtendTestDialog } from './ExtendTestDialog';
import { siteOnTestCard } from './siteOnTestCard';
import { SitesOnTestMap } from './SitesOnTestMap';
import { SystemsOnTestTable, type SystemAction } from './SystemsOnTestTable';
import { TestHistoryDialog } from './TestHistoryDialog';
import type { SiteOnTest, SystemOnTest } from './testingModel';
import { TestZonesReportDialog } from './TestZonesReportDialog';
import { useSystemsOnTest } from './useSystemsOnTest';
import './alarmTesting.css';

type View = 'grid' | 'map';
const VIEWS: Tab<View>[] = [
  { id: 'grid', label: 'Grid View' },
  { id: 'map', label: 'Map View' },
];
const SYSTEM_ROW = 50;

/** The nested rows' columns, shared by the screen and the Excel/PDF exports. */
const SYSTEM_COLUMNS: Array<{ label: string; width: number; cell(s: SystemOnTest): string }> = [
  { label: 'CS#', width: 110, cell: (s) => s.row.cs_no },
  { label: 'Zones', width: 120, cell: (s) => s.zones },
  { label: 'Start Date', width: 190, cell: (s) => s.start },
  { label: 'End Date', width: 190, cell: (s) => s.end },
  { label: 'Time Left', width: 100, cell: (s) => formatTimeLeft(s.leftMs) },
  { label: 'Service Types', width: 160, cell: (s) => s.serviceTypes || 'All' },
  { label: 'Future Test', width: 100, cell: (s) => (s.future ? 'True' : 'False') },
];

/**
 * Alarm Testing (/systemontest, docs/product/live-alarms-and-testing.md#screens, #states): the
 * agency's systems on test, live from the feed, as expandable site rows with the per-system grid
 * and its actions, or as a map at zoom 7; Excel with the nested rows and PDF; site names and CS#
 * hand off to the user's tool.
 */
export function AlarmTestingPage() {
  const navigate = useNavigate();
  const { profile } = useSessionView();
  const { sites, loaded, state, deps } = useSystemsOnTest();
  const handOff = useHandOff();
  const [view, setView] = useState<View>('grid');
  const [open, setOpen] = useState<{ action: SystemAction; system: SystemOnTest } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const card = useMemo(() => siteOnTestCard((action, system) => setOpen({ action, system })), []);

  const columns = useMemo<GridColumn<SiteOnTest>[]>(
    () => [
      {
        id: 'site_name',
        label: 'Site Name',
        width: 300,
        render: (s) => (
          <button
            type="button"
            className="link-button"
            title={handOff.tooltip}
            onClick={() =>
              handOff.start({
                siteNo: s.site_no,
                systemNo: s.firstSystem.system_no,
                csNo: s.firstSystem.cs_no,
              })
            }
          >
            {s.site_name}
          </button>
        ),
      },
      { id: 'site_addr1', label: 'Address 1', width: 260 },
      { id: 'site_addr2', label: 'Address 2', width: 180 },
      { id: 'cityState', label: 'City/State', width: 220 },
      {
        id: 'systems',
        label: 'Systems On Test',
        width: 170,
        value: (s) => s.systems.length,
        render: (s) => (
          <span>
            {s.systems.length}
            {s.endingSoon ? <span className="testing-badge">Ends soon</span> : null}
          </span>
        ),
      },
    ],
    [handOff],
  );

  const exportTable = useCallback(
    (): ExportTable => ({
      title: 'Alarm Testing',
      fileName: 'AlarmTesting',
      columns: [
        { label: 'Site Name', width: 240 },
        { label: 'Address 1', width: 220 },
        { label: 'Address 2', width: 160 },
        { label: 'City/State', width: 180 },
      ],
      cells: sites.map((s) => [s.site_name, s.site_addr1, s.site_addr2, s.cityState]),
      details: sites.map((s) => ({
        columns: SYSTEM_COLUMNS.map(({ label, width }) => ({ label, width })),
        cells: s.systems.map((sys) => SYSTEM_COLUMNS.map((c) => c.cell(sys))),
      })),
    }),
    [sites],
  );

  const entryOf = (s: SystemOnTest) => ({
    site_no: s.row.site_no,
    system_no: s.row.system_no,
    cs_no: s.row.cs_no,
    seqno: Number(s.row.seqno),
  });
  const user = { contactNumber: String(profile?.contactNumber ?? '') };
  // One machine per opened dialog (the hooks create the actor once).
  const flows = useMemo(
    () =>
      open
        ? {
            clear: clearTestFlow(deps, open.system.row),
            extend: extendTestFlow(deps, open.system.row),
          }
        : null,
    [open, deps],
  );
  const offsetOf = (s: SystemOnTest) => {
    const m = /([+-])(\d{2}):?(\d{2})$/.exec(s.row.expire_date);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : null;
  };

  return (
    <PageFrame
      title="Alarm Testing"
      actions={
        loaded ? (
          <button type="button" className="button" onClick={() => navigate('/placeontest')}>
            Place On Test
          </button>
        ) : null
      }
    >
      <div className="testing-bar">
        <p className="testing-legend">
          <span className="testing-legend__swatch" aria-hidden="true" /> On test for more than a week
          <span className="testing-legend__soon">Ends soon</span> Ends within 30 minutes
        </p>
        <TabStrip<View> label="Alarm Testing view" tabs={VIEWS} selected={view} onSelect={setView} />
        <ExportButtons
          getTable={exportTable}
          disabled={!loaded || sites.length === 0}
          pdf={{ scale: 0.5, fileName: 'AlarmTesting' }}
        />
        {state === 'stale' || state === 'offline' ? (
          <span className="testing-stale" role="status">
            The list may be out of date: reconnecting…
          </span>
        ) : null}
      </div>

      <div role="tabpanel" aria-label={view === 'grid' ? 'Grid View' : 'Map View'}>
        {view === 'grid' ? (
          <GridOrCards<SiteOnTest>
            card={card}
            label="Systems On Test"
            columns={columns}
            rows={sites}
            getRowId={(s) => s.id}
            mode="paged"
            loading={!loaded}
            rowClassName={(s) => (s.overAWeek ? 'testing-row--week' : '')}
            renderDetail={(s) => (
              <SystemsOnTestTable site={s} onAction={(action, system) => setOpen({ action, system })} />
            )}
            detailHeight={(s) => 64 + s.systems.length * SYSTEM_ROW}
            maxBodyHeight={640}
          />
        ) : (
          <SitesOnTestMap sites={sites} />
        )}
      </div>

      {open?.action === 'history' ? (
        <TestHistoryDialog
          siteNo={open.system.row.site_no}
          systemNo={open.system.row.system_no}
          csNo={open.system.row.cs_no}
          onClose={close}
        />
      ) : null}
      {open?.action === 'zonesReport' ? (
        <TestZonesReportDialog siteNo={open.system.row.site_no} onClose={close} />
      ) : null}
      {open?.action === 'clear' ? (
        <ClearTestDialog
          machine={flows!.clear}
          input={{ entry: entryOf(open.system), user, siteUtcOffset: offsetOf(open.system) }}
          onClose={close}
        />
      ) : null}
      {open?.action === 'extend' ? (
        <ExtendTestDialog
          machine={flows!.extend}
          input={{ entry: entryOf(open.system), user, siteUtcOffset: offsetOf(open.system) }}
          onClose={close}
        />
      ) : null}
    </PageFrame>
  );
}
