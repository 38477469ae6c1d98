import { lazy, Suspense, useCallback, useState } from 'react';
import type { ActiveAlarmRow } from '../../../../shared/upstream/activeAlarmRow';
import type { AlarmFlowRequest } from '../../features/alarmActions/AlarmFlowHost';
import type { AlarmActionKind } from '../../features/liveAlarms/alarmActions';
import { watchedAgencyOf } from '../../features/liveAlarms/hooks/useWatchedAgency';
import { LiveAnomaliesStrip } from '../../features/anomalies/LiveAnomaliesStrip';
import { LiveAlarmViewPage } from '../../features/liveAlarms/LiveAlarmViewPage';
import { useAlarmPresence } from '../../lib/live/useAlarmPresence';
import { useSessionView } from '../../lib/session/sessionView';

// NOTE: the alarm flows (their dialogs and machines) load when a row action first opens one: a
// phone evaluated them with the first screen, which shows none of them (docs/decisions.md).
const AlarmFlowHost = lazy(async () => ({
  default: (await import('../../features/alarmActions/AlarmFlowHost')).AlarmFlowHost,
}));

const anomaliesStrip = (agencyId: string) => <LiveAnomaliesStrip agencyId={agencyId} />;

/**
 * The Live Alarm View with its row actions wired to the alarm flows (dispatch, cancel, alarm
 * details, place on test): the two features meet here, neither imports the other.
 */
export function LiveAlarmViewRoute() {
  const { profile } = useSessionView();
  // NOTE: listen for "who is handling it" before the page subscribes its alarms feed, so the
  // presences the bridge sends with the subscription are not missed.
  useAlarmPresence(null);
  const [request, setRequest] = useState<AlarmFlowRequest | null>(null);
  const onAlarmAction = useCallback(
    (kind: AlarmActionKind, row: ActiveAlarmRow) => setRequest({ kind, row }),
    [],
  );
  const close = useCallback(() => setRequest(null), []);
  return (
    <>
      <LiveAlarmViewPage onAlarmAction={onAlarmAction} aboveGrid={anomaliesStrip} />
      {profile && request ? (
        <Suspense fallback={null}>
          <AlarmFlowHost request={request} agencyId={watchedAgencyOf(profile)} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
