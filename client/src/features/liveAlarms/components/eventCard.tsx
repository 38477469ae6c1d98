import type { EventLogRow } from '../../../../../shared/upstream/eventLogRow';
import type { RowCard } from '../../../components/cardList/rowCard';
import { CsNoLink } from '../../../components/handoff/CsNoLink';
import { eventStripe } from '../model/rowColours';
import { formatSiteDate } from '../model/siteTime';
import { siteOfEvent, type SiteRef } from '../model/siteRef';
import { ActionIcon } from './ActionIcon';
import { systemTestText } from './eventColumns';

const joined = (...parts: Array<string | null>) => parts.filter(Boolean).join(', ');

/**
 * An event of the history on a phone: the site and when, what happened and on which account,
 * where, whether the system is on test, and the directions button of the grid's row.
 */
export function eventCard(onDirections: (site: SiteRef) => void): RowCard<EventLogRow> {
  return {
    title: (r) => r.siteName || r.cS_,
    aside: (r) => formatSiteDate(r.eventDate),
    headStyle: (r) => eventStripe(r.colorCode),
    subtitle: (r) => <strong>{r.description}</strong>,
    fields: [
      {
        label: 'CS#',
        value: (r) => <CsNoLink target={{ csNo: r.cS_, siteNo: r.site_no, systemNo: r.system_No }} />,
      },
      { label: 'Event type', value: (r) => joined(r.eventrpt_id, r.event_Id) },
      { label: 'System test', value: (r) => systemTestText(r.isTestCleared) },
      { label: 'Address', value: (r) => joined(r.address1, r.address2, r.city, r.state) },
    ],
    actions: (r) => (
      <button
        type="button"
        className="button button--secondary"
        aria-label={`Map, directions to ${r.siteName ?? r.cS_}`}
        onClick={() => onDirections(siteOfEvent(r))}
      >
        <ActionIcon name="place" />
        Map
      </button>
    ),
    estimateHeight: 190,
  };
}
