import { formatTimeLeft } from '../../../../shared/onTest/siteDates';
import type { RowCard } from '../../components/cardList/rowCard';
import { CsNoLink } from '../../components/handoff/CsNoLink';
import type { SystemAction } from './SystemsOnTestTable';
import { systemTestClasses, type SiteOnTest, type SystemOnTest } from './testingModel';

/** A system's actions on a phone, clear and extend first: what a technician does on site. */
const CARD_ACTIONS: ReadonlyArray<{ action: SystemAction; label: string; word: string }> = [
  { action: 'clear', label: 'Clear On Test', word: 'Clear' },
  { action: 'extend', label: 'Extend On Test', word: 'Extend' },
  { action: 'history', label: 'View Test History', word: 'History' },
  { action: 'zonesReport', label: 'Zones Report', word: 'Zones report' },
];

/**
 * A site on test on a phone: the site and its address, then each of its systems with the time
 * left first and its actions as buttons (the grid's expanded rows, always open: a site rarely has
 * more than a few systems, and the time left is what the technician came for).
 */
export function siteOnTestCard(
  onAction: (action: SystemAction, system: SystemOnTest) => void,
): RowCard<SiteOnTest> {
  return {
    title: (s) => s.site_name,
    aside: (s) => (s.endingSoon ? <span className="testing-badge">Ends soon</span> : null),
    subtitle: (s) => [s.site_addr1, s.site_addr2, s.cityState].filter(Boolean).join(', '),
    body: (s) => (
      <ul className="testing-cards" aria-label={`Systems on test at ${s.site_name}`}>
        {s.systems.map((sys) => (
          <li
            key={sys.id}
            data-seqno={sys.id}
            className={['testing-card', ...systemTestClasses(sys)].join(' ')}
          >
            <div className="testing-card__head">
              <CsNoLink
                target={{ siteNo: sys.row.site_no, systemNo: sys.row.system_no, csNo: sys.row.cs_no }}
              />
              <span className="testing-card__left">
                Time left <strong>{formatTimeLeft(sys.leftMs)}</strong>
              </span>
            </div>
            <dl className="row-card__fields">
              <div className="row-card__field">
                <dt>Zones</dt>
                <dd>{sys.zones}</dd>
              </div>
              <div className="row-card__field">
                <dt>Ends</dt>
                <dd>{sys.end}</dd>
              </div>
              <div className="row-card__field">
                <dt>Service types</dt>
                <dd>{sys.serviceTypes || 'All'}</dd>
              </div>
              {sys.future ? (
                <div className="row-card__field">
                  <dt>Starts</dt>
                  <dd>{sys.start}</dd>
                </div>
              ) : null}
            </dl>
            <div className="row-card__actions">
              {CARD_ACTIONS.map((a) => (
                <button
                  key={a.action}
                  type="button"
                  className={`button${a.action === 'clear' || a.action === 'extend' ? '' : ' button--secondary'}`}
                  aria-label={`${a.label} ${sys.row.cs_no}`}
                  onClick={() => onAction(a.action, sys)}
                >
                  {a.word}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    ),
    estimateHeight: (s) => 80 + s.systems.length * 220,
  };
}
