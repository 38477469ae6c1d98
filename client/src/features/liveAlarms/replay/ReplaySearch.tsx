import { useRef, useState } from 'react';
import type { FeedName } from '../../../../../shared/live/protocol';
import { TextField } from '../../../components/form/TextField';
import { useLiveClient } from '../../../lib/live/LiveProvider';
import {
  accountTimeline,
  exportRecording,
  importRecording,
  MOMENT_LABELS,
  searchMoments,
  type FoundMoments,
  type RecordedMoment,
} from './replayApi';

const HOUR = 3_600_000;
/** A `datetime-local` value (the browser's time zone) for a moment, and back. */
const asInput = (t: number) => {
  const d = new Date(t - new Date(t).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromInput = (v: string) => new Date(v).getTime();
const when = (t: number) => new Date(t).toLocaleString([], { dateStyle: 'short', timeStyle: 'medium' });

/**
 * Find a moment in the agency's recordings (by CS#, event type and time, or an account's day),
 * open the replay there, and share a range with a colleague: export it as a file, or import one
 * into this screen.
 */
export function ReplaySearch({
  agencyId,
  speed,
  onStarted,
}: {
  agencyId: string;
  speed: number;
  onStarted(feed: FeedName): void;
}) {
  const live = useLiveClient();
  const [csNo, setCsNo] = useState('');
  const [eventType, setEventType] = useState('');
  const [from, setFrom] = useState(() => asInput(Date.now() - HOUR));
  const [to, setTo] = useState(() => asInput(Date.now() + 60_000));
  const [found, setFound] = useState<(FoundMoments & { title: string }) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [importFeed, setImportFeed] = useState<'alarms' | 'events'>('alarms');
  const fileInput = useRef<HTMLInputElement>(null);

  async function run(what: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await what();
    } catch (e) {
      setProblem(e instanceof Error && e.message ? e.message : 'The recordings could not be read.');
    } finally {
      setBusy(false);
    }
  }

  const search = () =>
    run(async () => {
      const answer = await searchMoments({
        agencyId,
        from: fromInput(from),
        to: fromInput(to),
        csNo,
        eventType,
      });
      setFound({ ...answer, title: `Moments${csNo ? ` of ${csNo}` : ''}` });
    });
  const timeline = () =>
    run(async () => {
      const answer = await accountTimeline(csNo, fromInput(from));
      setFound({ ...answer, title: `Timeline of ${csNo}` });
    });
  const open = (m: RecordedMoment) =>
    run(async () => {
      onStarted(m.feed);
      await live.startReplay(m.recording, speed, m.offsetMs);
    });
  const exportRange = () =>
    run(async () => {
      const file = await exportRecording(agencyId, fromInput(from), fromInput(to));
      const url = URL.createObjectURL(file);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${agencyId}_${from.replace(/[-:]/g, '')}_${to.replace(/[-:]/g, '')}.jsonl.gz`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });
  const importFile = (file: File) =>
    run(async () => {
      const screen = live.screenId;
      if (!screen) throw new Error('This screen is not connected: wait a moment and try again.');
      onStarted(importFeed);
      await importRecording(file, screen, importFeed);
    });

  return (
    <div className="la-replay-search" role="group" aria-label="Find a moment">
      <div className="la-replay-search__fields">
        <TextField label="CS#" value={csNo} onValue={(v) => setCsNo(v.trim())} />
        <TextField label="Event type" value={eventType} onValue={setEventType} />
        <TextField label="From" type="datetime-local" value={from} onValue={setFrom} />
        <TextField label="To" type="datetime-local" value={to} onValue={setTo} />
      </div>
      <div className="la-replay__buttons">
        <button type="button" className="button" disabled={busy} onClick={() => void search()}>
          Search
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !csNo}
          onClick={() => void timeline()}
        >
          Account timeline
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void exportRange()}
        >
          Export range
        </button>
        <label className="field la-replay-search__import">
          <span className="visually-hidden">Imported feed</span>
          <select
            className="select"
            aria-label="Imported feed"
            value={importFeed}
            onChange={(e) => setImportFeed(e.target.value === 'events' ? 'events' : 'alarms')}
          >
            <option value="alarms">Active alarms</option>
            <option value="events">Event history</option>
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          Import recording…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".gz,application/gzip"
          aria-label="Recording file"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />
      </div>
      {problem ? (
        <p className="la-replay-search__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {found ? (
        <section aria-label={found.title}>
          <h3 className="la-replay-search__title">
            {found.title}: {found.moments.length}
            {found.truncated ? ' (the first ones; narrow the range for the rest)' : ''}
          </h3>
          {found.moments.length === 0 ? <p>Nothing was recorded for this search.</p> : null}
          <ol className="la-replay-moments" aria-label="Moments">
            {found.moments.map((m) => (
              <li key={`${m.feed}:${m.rowId}:${m.kind}:${m.t}`}>
                <button
                  type="button"
                  className="la-replay-moments__moment"
                  disabled={busy}
                  onClick={() => void open(m)}
                >
                  <time dateTime={new Date(m.t).toISOString()}>{when(m.t)}</time> · {MOMENT_LABELS[m.kind]} ·{' '}
                  {m.csNo} · {m.text || m.eventType}
                </button>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
