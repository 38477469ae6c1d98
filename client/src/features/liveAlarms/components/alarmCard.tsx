import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import type { RowCard } from '../../../components/cardList/rowCard';
import { CsNoLink } from '../../../components/handoff/CsNoLink';
import { ALARM_ACTION_LABELS, type AlarmActionKind } from '../alarmActions';
import type { AlarmThresholds } from '../model/alarmClock';
import { alarmRowStyle } from '../model/rowColours';
import { formatSiteDate } from '../model/siteTime';
import { siteOfAlarm, type SiteRef } from '../model/siteRef';
import { ActionIcon, type ActionIconName } from './ActionIcon';
import { AlarmClock } from './AlarmClock';

/** The words on a card's buttons; the accessible names stay the grid's ("Request Dispatch 1234"). */
const CARD_ACTIONS: ReadonlyArray<{ kind: AlarmActionKind; word: string; icon: ActionIconName }> = [
  { kind: 'requestDispatch', word: 'Dispatch', icon: 'dispatch' },
  { kind: 'cancelDispatch', word: 'Cancel', icon: 'cancel' },
  { kind: 'alarmDetails', word: 'Details', icon: 'details' },
  { kind: 'placeOnTest', word: 'Test', icon: 'test' },
];

const joined = (...parts: Array<string | null>) => parts.filter(Boolean).join(', ');

/**
 * An active alarm on a phone: the site (coloured by the alarm's colour code) and the live time
 * since the signal, then the alarm type and the account, where it is, and every action of the
 * grid's row as a labelled button.
 */
export function alarmCard(opts: {
  thresholds: AlarmThresholds;
  onAlarmAction(kind: AlarmActionKind, row: ActiveAlarmRow): void;
  onDirections(site: SiteRef): void;
  onMore(row: ActiveAlarmRow): void;
  handling(row: ActiveAlarmRow): string | null;
}): RowCard<ActiveAlarmRow> {
  return {
    title: (r) => r.site_Name || r.cs_No,
    aside: (r) => <AlarmClock row={r} thresholds={opts.thresholds} />,
    headStyle: (r) => alarmRowStyle(r.color, r.color_Code),
    subtitle: (r) => <strong>{r.event_Descr}</strong>,
    fields: [
      {
        label: 'CS#',
        value: (r) => <CsNoLink target={{ csNo: r.cs_No, siteNo: r.site_No, systemNo: r.system_No }} />,
      },
      { label: 'Alarm time', value: (r) => formatSiteDate(r.alarm_Date) },
      { label: 'Location', value: (r) => r.siteloc_Descr },
      { label: 'Address', value: (r) => joined(r.site_Addr1, r.site_Addr2, r.city_Name) },
      { label: 'Handling', value: (r) => opts.handling(r) },
    ],
    actions: (r) => (
      <>
        {CARD_ACTIONS.map((a) => (
          <button
            key={a.kind}
            type="button"
            className="button button--secondary"
            aria-label={`${ALARM_ACTION_LABELS[a.kind]} ${r.cs_No}`}
            onClick={() => opts.onAlarmAction(a.kind, r)}
          >
            <ActionIcon name={a.icon} />
            {a.word}
          </button>
        ))}
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Map, directions to ${r.site_Name ?? r.cs_No}`}
          onClick={() => opts.onDirections(siteOfAlarm(r))}
        >
          <ActionIcon name="place" />
          Map
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={`More details ${r.cs_No}`}
          onClick={() => opts.onMore(r)}
        >
          <ActionIcon name="more" />
          More
        </button>
      </>
    ),
    estimateHeight: 250,
  };
}
