import { useEffect, useState } from 'react';
import type { FeedName, RecordingInfo } from '../../../../../shared/live/protocol';
import { showToast } from '../../../components/toast/toastStore';
import { useLiveClient } from '../../../lib/live/LiveProvider';
import { ReplaySpeedSelect } from './ReplaySpeedSelect';
import { ReplaySearch } from './ReplaySearch';

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
        <ReplaySpeedSelect label="Speed" value={speed} onChange={setSpeed} />
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
