import { useCallback, useMemo } from 'react';
import type { RefreshAlarmsInput } from '../../../../machines/alarmIncident';
import type { PresenceMessage } from '../../../../shared/live/protocol';
import type { ActiveAlarmRow } from '../../../../shared/upstream/activeAlarmRow';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { Dialog } from '../../components/layout/Dialog';
import type { FeedView } from '../../lib/live/feedView';
import { useFeedHandle, useFeedState } from '../../lib/live/LiveProvider';
import { useFeedView, useViewSnapshot } from '../../lib/live/useFeedView';
import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useSessionView } from '../../lib/session/sessionView';
import { useStore } from '../../lib/store/useStore';
import { siteUtcOffset } from './alarmActionsApi';
import { alarmPlaceOnTestFlow, cancelDispatchFlow, requestDispatchFlow, type FlowDeps } from './alarmActors';
import { alarmRefOf, alarmUserOf, siteOffsetOfDate } from './alarmContext';
import { AlarmDetailsDialog } from './AlarmDetailsDialog';
import { AlarmFlowBusy } from './AlarmFlowParts';
import { AlarmPlaceOnTestDialog } from './AlarmPlaceOnTestDialog';
import { CancelDispatchDialog } from './CancelDispatchDialog';
import { RequestDispatchDialog } from './RequestDispatchDialog';
import { useAlarmDetails } from './useAlarmDetails';
import { useAnnouncePresence } from './useAnnouncePresence';

/** The row actions whose flows live here (the Live Alarm View draws the buttons). */
export type AlarmFlowKind = 'requestDispatch' | 'cancelDispatch' | 'alarmDetails' | 'placeOnTest';
export interface AlarmFlowRequest {
  kind: AlarmFlowKind;
  row: ActiveAlarmRow;
}

const PRESENCE: Record<AlarmFlowKind, Exclude<PresenceMessage['action'], 'none'> | null> = {
  requestDispatch: 'dispatch',
  cancelDispatch: 'cancel',
  placeOnTest: 'placeOnTest',
  alarmDetails: null,
};

/** How long a finished dispatch or cancel waits for the live grid to drop the alarm. */
const REFRESH_WAIT_MS = 5000;

/** Every active alarm of the feed, in the order they came. */
const ALL_ALARMS = { key: 'all', predicate: () => true, compare: null };

/** Resolves when the alarm has left the feed's view, or after `ms` (the flow goes on anyway). */
function alarmLeaves(alarms: FeedView<ActiveAlarmRow>, alarmincNo: string, ms: number): Promise<void> {
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(), ms);
  return alarms
    .waitUntil(({ rows }) => !rows.some((r) => r.alarminc_No === alarmincNo), giveUp.signal)
    .then(() => clearTimeout(timer));
}

/**
 * Opens the flow of a row action on an active alarm of `agencyId` (the agency whose alarms feed
 * the grid shows): announces "who is handling it" while open, tells the flow when the live feed
 * drops the alarm, and waits for the feed after a dispatch or cancel.
 */
export function AlarmFlowHost({
  request,
  agencyId,
  onClose,
}: {
  request: AlarmFlowRequest | null;
  agencyId: string;
  onClose(): void;
}) {
  const { profile } = useSessionView();
  if (!request || !profile) return null;
  return (
    <AlarmFlow
      key={`${request.kind}:${request.row.alarminc_No}`}
      {...request}
      agencyId={agencyId}
      profile={profile}
      onClose={onClose}
    />
  );
}

function AlarmFlow({
  kind,
  row,
  agencyId,
  profile,
  onClose,
}: AlarmFlowRequest & { agencyId: string; profile: PublicProfile; onClose(): void }) {
  useAnnouncePresence(agencyId, row.alarminc_No, PRESENCE[kind]);
  const feed = useFeedHandle({ feed: 'alarms', agencyId });
  const state = useFeedState(feed);
  const alarms = useFeedView(feed, ALL_ALARMS);
  const listed = useViewSnapshot(alarms).rows.some((r) => r.alarminc_No === row.alarminc_No);
  const alarmGone = state.state === 'live' && !listed;

  // NOTE: the flow awaits the feed's view ("until the alarm left"), it does not poll.
  const deps = useMemo<FlowDeps>(
    () => ({
      refreshAlarms: (input: RefreshAlarmsInput) => alarmLeaves(alarms, input.alarmincNo, REFRESH_WAIT_MS),
    }),
    [alarms],
  );

  const siteOffset = siteOffsetOfDate(row.alarm_Date);
  switch (kind) {
    case 'requestDispatch':
      return (
        <RequestDispatchFlow
          deps={deps}
          input={{ alarm: alarmRefOf(row), user: alarmUserOf(profile), siteUtcOffset: siteOffset }}
          alarmGone={alarmGone}
          onClose={onClose}
        />
      );
    case 'cancelDispatch':
      return (
        <CancelDispatchFlow
          deps={deps}
          input={{ alarm: alarmRefOf(row), user: alarmUserOf(profile), siteUtcOffset: siteOffset }}
          alarmGone={alarmGone}
          onClose={onClose}
        />
      );
    case 'placeOnTest':
      return <PlaceOnTestFlow row={row} profile={profile} onClose={onClose} />;
    case 'alarmDetails':
      return <AlarmDetailsFlow row={row} onClose={onClose} />;
  }
}

function RequestDispatchFlow({
  deps,
  ...props
}: { deps: FlowDeps } & Omit<Parameters<typeof RequestDispatchDialog>[0], 'machine'>) {
  const machine = useMemo(() => requestDispatchFlow(deps), [deps]);
  return <RequestDispatchDialog machine={machine} {...props} />;
}

function CancelDispatchFlow({
  deps,
  ...props
}: { deps: FlowDeps } & Omit<Parameters<typeof CancelDispatchDialog>[0], 'machine'>) {
  const machine = useMemo(() => cancelDispatchFlow(deps), [deps]);
  return <CancelDispatchDialog machine={machine} {...props} />;
}

function AlarmDetailsFlow({ row, onClose }: { row: ActiveAlarmRow; onClose(): void }) {
  const details = useAlarmDetails(row.alarminc_No);
  return <AlarmDetailsDialog csNo={row.cs_No} details={details} onClose={onClose} />;
}

/**
 * The form's dates are the site's wall clock, so the site's UTC offset must be known first: the
 * alarm's own date carries it; otherwise GetSiteDetailsBySiteNo says (the machine's default when
 * neither does).
 */
function PlaceOnTestFlow({
  row,
  profile,
  onClose,
}: {
  row: ActiveAlarmRow;
  profile: PublicProfile;
  onClose(): void;
}) {
  const fromDate = siteOffsetOfDate(row.alarm_Date);
  const site = useApiQuery(['siteUtcOffset', row.site_No], (signal) => siteUtcOffset(row.site_No, signal), {
    enabled: fromDate === null,
  });
  // A failed lookup still opens the form, on the machine's default offset.
  let offset: { minutes: number | null } | null = null;
  if (fromDate !== null) offset = { minutes: fromDate };
  else if (site.status === 'ready' || site.status === 'empty') offset = { minutes: site.data };
  else if (site.status === 'error') offset = { minutes: null };

  const machine = useMemo(
    () => alarmPlaceOnTestFlow({ alarmId: row.alarminc_No, csNo: row.cs_No }),
    [row.alarminc_No, row.cs_No],
  );
  const limits = profile.testCategoryDetails;
  const clock = useCallback(() => Date.now(), []);
  const config = useStore(runtimeConfig);
  if (!offset) {
    return (
      <Dialog title={`Place On test - ${row.cs_No}`} onClose={onClose}>
        <AlarmFlowBusy text="Loading…" />
      </Dialog>
    );
  }
  return (
    <AlarmPlaceOnTestDialog
      machine={machine}
      input={{
        alarm: { cs_No: row.cs_No, site_No: row.site_No, system_No: row.system_No },
        user: { contactNumber: String(profile.contactNumber), firstName: profile.firstName },
        siteUtcOffsetMinutes: offset.minutes,
        clock,
        limits: limits ? { MaxHours: limits.MaxHours, MaxOnTestDays: limits.MaxOnTestDays } : null,
        comment: { prefix: config.alarmTestCommentPrefix, max: config.alarmTestCommentMax },
      }}
      onClose={onClose}
    />
  );
}
