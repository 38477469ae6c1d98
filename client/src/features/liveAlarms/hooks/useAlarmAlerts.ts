import { useEffect, useRef, useState } from 'react';
import type { ActiveAlarmRow } from '../../../../../shared/upstream/activeAlarmRow';
import type { FeedState } from '../../../lib/live/feedHandle';
import type { FeedViewSnapshot, ViewChanges } from '../../../lib/live/feedView';
import { local } from '../../../lib/storage/clientStorage';

const SOUND_KEY = 'liveAlarms.alertSound';
const NOTIFY_KEY = 'liveAlarms.alertNotify';

/** A short two-tone chime with WebAudio (no sound file to fetch). */
function chime() {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    [0, 0.3].forEach((start, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = i === 0 ? 880 : 660;
      gain.gain.setValueAtTime(0.2, ctx.currentTime + start);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + start + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + start);
      osc.stop(ctx.currentTime + start + 0.26);
    });
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // no audio: the highlight still shows
  }
}

/** Whether a new alarm chimes and notifies: the user's switches, kept in this browser. */
export function useAlarmAlerts() {
  const [sound, setSound] = useState(() => local.get(SOUND_KEY) === 'on');
  const [notify, setNotify] = useState(
    () =>
      local.get(NOTIFY_KEY) === 'on' &&
      typeof Notification !== 'undefined' &&
      Notification.permission === 'granted',
  );
  return {
    sound,
    setSound(on: boolean) {
      local.set(SOUND_KEY, on ? 'on' : 'off');
      setSound(on);
      if (on) chime();
    },
    notify,
    async setNotify(on: boolean) {
      if (on && typeof Notification !== 'undefined' && Notification.permission !== 'granted') {
        const p = await Notification.requestPermission().catch(() => 'denied' as NotificationPermission);
        if (p !== 'granted') on = false;
      }
      local.set(NOTIFY_KEY, on ? 'on' : 'off');
      setNotify(on);
    },
    notificationsSupported: typeof Notification !== 'undefined',
  };
}

/**
 * A new alarm makes itself noticed: its row flashes (the grid's highlight), a live region
 * announces it (the text returned), and, when the user turned them on, a chime and a browser
 * notification. The first snapshot announces nothing; only alarms that arrive afterwards do: the
 * view says which rows arrived since the version last announced (no set of ids kept here).
 */
export function useArrivalAnnouncement(
  feed: Pick<FeedState, 'state' | 'replay'>,
  view: { changesSince(version: number): ViewChanges<ActiveAlarmRow> | null },
  shown: Pick<FeedViewSnapshot<ActiveAlarmRow>, 'version' | 'rows'>,
  alerts: { sound: boolean; notify: boolean },
): string {
  const [announcement, setAnnouncement] = useState('');
  /** The view's version whose alarms were announced (or were there at first); null: none yet. */
  const seen = useRef<number | null>(null);
  const prefs = useRef(alerts);
  useEffect(() => {
    prefs.current = alerts;
  }, [alerts]);

  const { state, replay } = feed;
  const { version, rows } = shown;
  const empty = rows.length === 0;
  useEffect(() => {
    if (state === 'connecting' && empty) return;
    if (replay) {
      seen.current = null;
      return;
    }
    const since = seen.current;
    seen.current = version;
    if (since === null) return;
    // NOTE: null when the view cannot replay its changes that far back (64 changes between two
    // renders): nothing is announced then, rather than every alarm.
    const arrived = view.changesSince(since)?.arrived ?? [];
    if (arrived.length === 0) return;
    const first = arrived[0];
    const text =
      arrived.length === 1
        ? `New alarm: ${first.event_Descr ?? ''} at ${first.site_Name ?? ''} (CS# ${first.cs_No})`
        : `${arrived.length} new alarms`;
    setAnnouncement(text);
    if (prefs.current.sound) chime();
    if (
      prefs.current.notify &&
      typeof Notification !== 'undefined' &&
      Notification.permission === 'granted'
    ) {
      try {
        new Notification('Live Alarm View', { body: text, tag: `alarm-${first.id}` });
      } catch {
        // notifications unsupported here
      }
    }
  }, [version, empty, state, replay, view]);
  return announcement;
}
