import { useEffect, useState } from 'react';
import type { FeedName, RecordingInfo, ReplayState } from '../../../../../shared/live/protocol';
import { showToast } from '../../../components/toast/toastStore';
import { useLiveClient } from '../../../lib/live/LiveProvider';
import { formatElapsed } from '../model/siteTime';
import { ReplaySearch } from './ReplaySearch';

/** The speeds a tester picks from (the bridge accepts 0.25x to 50x from other clients). */
export const REPLAY_SPEEDS = [1, 2, 4, 8, 16] as const;

/**
 * The tester's replay panel: pick a recording of this agency and play it into this view (the
 * same feed view the live rows use), at 1x to 16x; or find a moment by account and time and open
 * the replay there; export a range, import a colleague's file.
 */
export function ReplayPicker({
  agencyId,
  onStarted,
  onClose,
}: {
  agencyId: string;
  onStarted(feed: FeedName): void;
  onClose(): void;
}) {
  const live = useLiveClient();
  const [recordings, setRecordings] = useState<RecordingInfo[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [speed, setSpeed] = useState(1);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let on = true;
    live
      .listRecordings(agencyId)
      .then((list) => {
        if (!on) return;
        // The feeds this view shows (Alarm Testing's systems on test are recorded too).
        const mine = list.filter((r) => r.feed === 'events' || r.feed === 'alarms');
        setRecordings(mine);
        setChosen((c) => c || mine[0]?.name || '');
      })
      .catch(() => on && setRecordings([]));
    return () => {
      on = false;
    };
  }, [live, agencyId]);

  const start = async () => {
    const rec = recordings?.find((r) => r.name === chosen);
    if (!rec) return;
    setBusy(true);
    try {
      onStarted(rec.feed);
      await live.startReplay(rec.name, speed);
    } catch (e) {
      showToast(e instanceof Error ? e.message : 'Unable to start the replay.', 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="la-replay card" role="region" aria-label="Replay a recording">
      <label className="field">
        <span className="field__label">Recording</span>
        <select
          className="select"
          aria-label="Recording"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          disabled={!recordings?.length}
        >
          {recordings === null ? <option>Loading…</option> : null}
          {recordings?.length === 0 ? <option value="">No recordings of this agency</option> : null}
          {recordings?.map((r) => (
            <option key={r.name} value={r.name}>
              {r.feed === 'alarms' ? 'Active alarms' : 'Event history'} ·{' '}
              {new Date(r.modifiedAt).toLocaleString()} · {r.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">Speed</span>
        <select
          className="select"
          aria-label="Speed"
          value={speed}
          onChange={(e) => setSpeed(Number(e.target.value))}
        >
          {REPLAY_SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}x
            </option>
          ))}
        </select>
      </label>
      <div className="la-replay__buttons">
        <button type="button" className="button" disabled={!chosen || busy} onClick={() => void start()}>
          Play
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <ReplaySearch agencyId={agencyId} speed={speed} onStarted={onStarted} />
    </div>
  );
}

const clock = (ms: number) => formatElapsed(ms);

/** The banner that says, in words, that the rows are a replay, with its controls. */
export function ReplayBanner({ state, onBackToLive }: { state: ReplayState; onBackToLive(): void }) {
  const live = useLiveClient();
  const [seekTo, setSeekTo] = useState<number | null>(null);
  const control = (action: 'pause' | 'resume' | 'step' | 'seek' | 'speed', value?: number) =>
    live
      .controlReplay(action, value)
      .catch((e: unknown) => showToast(e instanceof Error ? e.message : 'Replay control failed.', 'error'));
  const position = seekTo ?? state.positionMs;
  const span = Math.max(1, state.durationMs);
  const nextMark = state.marks.find((m) => m > state.positionMs + 50);
  return (
    <div className="la-replay-banner" role="region" aria-label="Replay">
      <strong className="la-replay-banner__title" role="status">
        REPLAY · {state.recording} · recorded data, not live
        {state.ended ? ' · ended' : state.paused ? ' · paused' : ''}
      </strong>
      <div className="la-replay-banner__controls">
        {state.paused || state.ended ? (
          <button
            type="button"
            className="button"
            disabled={state.ended}
            onClick={() => void control('resume')}
          >
            Play
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void control('pause')}>
            Pause
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          disabled={state.ended}
          onClick={() => void control('step')}
        >
          Step
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={nextMark === undefined}
          onClick={() => nextMark !== undefined && void control('seek', nextMark)}
        >
          Next alarm
        </button>
        <label className="la-replay-banner__seek">
          <span className="visually-hidden">Position</span>
          <span className="la-replay-banner__track">
            <span
              className="la-replay-marks"
              role="img"
              aria-label={`${state.marks.length} alarm moment${state.marks.length === 1 ? '' : 's'} marked`}
            >
              {state.marks.map((m) => (
                <span key={m} className="la-replay-marks__mark" style={{ left: `${(m / span) * 100}%` }} />
              ))}
            </span>
            <input
              type="range"
              min={0}
              max={span}
              step={100}
              value={position}
              aria-label="Replay position"
              onChange={(e) => setSeekTo(Number(e.target.value))}
              onPointerUp={() => {
                if (seekTo != null) void control('seek', seekTo).finally(() => setSeekTo(null));
              }}
              onKeyUp={() => {
                if (seekTo != null) void control('seek', seekTo).finally(() => setSeekTo(null));
              }}
            />
          </span>
          <span className="la-replay-banner__time">
            {clock(position)} / {clock(state.durationMs)}
          </span>
        </label>
        <label>
          <span className="visually-hidden">Speed</span>
          <select
            className="select"
            aria-label="Replay speed"
            value={state.speed}
            onChange={(e) => void control('speed', Number(e.target.value))}
          >
            {REPLAY_SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}x
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--secondary" onClick={onBackToLive}>
          Back to live
        </button>
      </div>
    </div>
  );
}

/** A frame around the whole window while a replay shows: recorded rows never pass for live ones. */
export function ReplayFrame({ recording }: { recording: string }) {
  useEffect(() => {
    const title = document.title;
    document.title = `REPLAY · ${title}`;
    return () => {
      document.title = title;
    };
  }, []);
  return (
    <div className="la-replay-frame" data-recording={recording} aria-hidden="true">
      <span className="la-replay-frame__label">REPLAY · not live</span>
    </div>
  );
}
