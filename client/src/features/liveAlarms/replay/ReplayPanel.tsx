import { useEffect, useState } from 'react';
import type { FeedName, RecordingInfo, ReplayState } from '../../../../../shared/live/protocol';
import { showToast } from '../../../components/toast/toastStore';
import { useLiveClient } from '../../../lib/live/LiveProvider';
import { formatElapsed } from '../model/siteTime';

export const REPLAY_SPEEDS = [0.25, 0.5, 1, 2, 5, 10, 25, 50] as const;

/**
 * The tester's replay panel: pick a recording of this agency and play it into this view (the
 * same feed view the live rows use), at 0.25x to 50x.
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
      .listRecordings()
      .then((list) => {
        if (!on) return;
        const mine = list.filter((r) => r.agencyId === agencyId);
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
        <label className="la-replay-banner__seek">
          <span className="visually-hidden">Position</span>
          <input
            type="range"
            min={0}
            max={Math.max(1, state.durationMs)}
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
