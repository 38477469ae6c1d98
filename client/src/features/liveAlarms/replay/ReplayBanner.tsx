import { useEffect, useState } from 'react';
import type { ReplayState } from '../../../../../shared/live/protocol';
import { showToast } from '../../../components/toast/toastStore';
import { useLiveClient } from '../../../lib/live/LiveProvider';
import { formatElapsed } from '../model/siteTime';
import { ReplaySpeedSelect } from './ReplaySpeedSelect';

// NOTE: the banner and the frame load with the view, not with the replay panel (which loads when
// first opened): recorded rows never show without them, whatever the network does.

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
          <ReplaySpeedSelect
            label="Replay speed"
            value={state.speed}
            onChange={(speed) => void control('speed', speed)}
          />
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
