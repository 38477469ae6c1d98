import type { HandOffTarget } from '../../lib/handoff/handOff';
import { formatTimeLeft } from '../../../../shared/onTest/siteDates';
import { CsNoLink } from '../../components/handoff/CsNoLink';
import { systemTestClasses, type SiteOnTest, type SystemOnTest } from './testingModel';

export type SystemAction = 'history' | 'clear' | 'extend' | 'zonesReport';

const ACTIONS: Array<{ action: SystemAction; label: string }> = [
  { action: 'history', label: 'View Test History' },
  { action: 'clear', label: 'Clear On Test' },
  { action: 'extend', label: 'Extend On Test' },
  { action: 'zonesReport', label: 'Zones Report' },
];

/**
 * The nested per-system grid of a site row (docs/product/live-alarms-and-testing.md#screens):
 * actions, CS#, Zones (or 'All Zones'), Start Date, End Date, the time left, Service Types, Future
 * Test. A row on test for over a week carries the gradient; one ending within 30 minutes is marked.
 */
export function SystemsOnTestTable({
  site,
  onAction,
}: {
  site: SiteOnTest;
  onAction(action: SystemAction, system: SystemOnTest): void;
}) {
  const target = (s: SystemOnTest): HandOffTarget => ({
    siteNo: s.row.site_no,
    systemNo: s.row.system_no,
    csNo: s.row.cs_no,
  });
  return (
    <div className="testing-systems-wrap">
      <table className="testing-systems" aria-label={`Systems on test at ${site.site_name}`}>
        <thead>
          <tr>
            <th scope="col">Actions</th>
            <th scope="col">CS#</th>
            <th scope="col">Zones</th>
            <th scope="col">Start Date</th>
            <th scope="col">End Date</th>
            <th scope="col">Time Left</th>
            <th scope="col">Service Types</th>
            <th scope="col">Future Test</th>
          </tr>
        </thead>
        <tbody>
          {site.systems.map((s) => (
            <tr
              key={s.id}
              data-seqno={s.id}
              className={['testing-systems__row', ...systemTestClasses(s)].join(' ')}
            >
              <td className="testing-systems__actions">
                {ACTIONS.map((a) => (
                  <button
                    key={a.action}
                    type="button"
                    className="button button--secondary testing-action"
                    aria-label={`${a.label} ${s.row.cs_no}`}
                    title={a.label}
                    onClick={() => onAction(a.action, s)}
                  >
                    {a.label}
                  </button>
                ))}
              </td>
              <td>
                <CsNoLink target={target(s)} />
              </td>
              <td>{s.zones}</td>
              <td>{s.start}</td>
              <td>{s.end}</td>
              <td className="testing-left">
                {formatTimeLeft(s.leftMs)}
                {s.state === 'endingSoon' ? <span className="testing-badge">Ends soon</span> : null}
              </td>
              <td>{s.serviceTypes || 'All'}</td>
              <td>{s.future ? 'True' : 'False'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
