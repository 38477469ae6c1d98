import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataGrid } from '../../components/grid/DataGrid';
import type { DataGridApi, GridColumn } from '../../components/grid/gridTypes';
import { ExportButtons } from '../../reporting/export/ExportButtons';
import { fileTimestamp } from '../../reporting/reportDates';
import { PageFrame } from '../../components/layout/PageFrame';
import { useApiQuery } from '../../lib/query/useApiQuery';
import {
  ACTION_LABELS,
  AUDIT_PATH,
  dayStart,
  filterActivity,
  loadActivity,
  OUTCOME_LABELS,
  type ActivityEntry,
} from './activityLogApi';
import './securitySettings.css';

/**
 * NOTE: new entries appear by reloading the log every 5 s while the screen is open (the data
 * layer's refetchInterval): the audit log has no live feed of its own, and a few seconds is
 * soon enough for an owner reviewing what staff did.
 */
const LIVE_INTERVAL_MS = 5000;

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};

const columns: GridColumn<ActivityEntry>[] = [
  { id: 'at', label: 'When', width: 180, render: (r) => when(r.at) },
  { id: 'username', label: 'User', width: 130 },
  { id: 'action', label: 'Action', width: 150, value: (r) => ACTION_LABELS[r.action] ?? r.action },
  { id: 'csNo', label: 'CS#', width: 120 },
  { id: 'alarmId', label: 'Alarm', width: 110 },
  { id: 'outcome', label: 'Outcome', width: 200, value: (r) => OUTCOME_LABELS[r.outcome] ?? r.outcome },
  { id: 'message', label: 'Message', width: 260 },
];

/**
 * The owner's activity log (/securitySettings/activity): who dispatched, cancelled, placed on
 * test, cleared or extended what and when, with the outcome, from the bridge's audit log.
 */
export function ActivityLogPage() {
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [user, setUser] = useState('');
  const [action, setAction] = useState('');
  const [csNo, setCsNo] = useState('');
  const window = { from: dayStart(fromDay), to: dayStart(toDay, 1) };
  const log = useApiQuery(['GET', AUDIT_PATH, window], (signal) => loadActivity(window, signal), {
    refetchInterval: LIVE_INTERVAL_MS,
    keepPrevious: true,
  });
  const entries = useMemo(() => log.data ?? [], [log.data]);
  const users = useMemo(() => [...new Set(entries.map((e) => e.username))].sort(), [entries]);
  const rows = useMemo(() => filterActivity(entries, { user, action, csNo }), [entries, user, action, csNo]);
  const grid = useRef<DataGridApi<ActivityEntry>>(null);
  const exportTable = () => {
    const data = grid.current!.getExportData();
    return {
      title: 'Activity Log',
      fileName: `activity_log_${fileTimestamp(new Date())}`,
      columns: data.columns.map((c) => ({ label: c.label, width: c.width })),
      cells: data.cells,
    };
  };

  return (
    <PageFrame
      title="Activity Log"
      actions={
        <>
          <ExportButtons getTable={exportTable} disabled={rows.length === 0} />
          <Link className="button button--secondary" to="/securitySettings">
            Security Settings
          </Link>
        </>
      }
    >
      <form className="card activity-filters" onSubmit={(e) => e.preventDefault()}>
        <label className="field">
          <span className="field__label">User</span>
          <select className="select" value={user} onChange={(e) => setUser(e.target.value)}>
            <option value="">All users</option>
            {users.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Action</span>
          <select className="select" value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">All actions</option>
            {Object.entries(ACTION_LABELS).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">CS#</span>
          <input className="input" value={csNo} onChange={(e) => setCsNo(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">From</span>
          <input className="input" type="date" value={fromDay} onChange={(e) => setFromDay(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">To</span>
          <input className="input" type="date" value={toDay} onChange={(e) => setToDay(e.target.value)} />
        </label>
      </form>
      {log.status === 'error' ? (
        <p role="alert" className="form-error">
          {log.message}
        </p>
      ) : null}
      <DataGrid<ActivityEntry>
        label="Activity Log"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        apiRef={grid}
        loading={log.status === 'loading'}
        minColumnWidth={80}
        maxColumnWidth={400}
      />
    </PageFrame>
  );
}
