import { wallNow } from './report';
import { eventLogsRequest } from '../../shared/upstream/eventLogRow';

/** One baseline screen of the original portal: it reloads one grid from the upstream on a timer. */
export interface PollerSpec {
  baseUrl: string;
  sessionId: string;
  agencyId: string;
  path: 'AlarmBuffer/GetEventLogs' | 'AlarmBuffer/GetEventLogsLiveAlarm_Dev';
  /** Page size of the grid (the original's default is 20). */
  count: number;
}

export interface PollObservation {
  agencyId: string;
  path: string;
  sent: number;
  done: number;
  ok: boolean;
  ids?: string[];
}

/**
 * The request body the original grid sends (docs/product/live-alarms-and-testing.md: GetEventLogs /
 * GetEventLogsLiveAlarm_Dev).
 */
function body(p: PollerSpec) {
  const history = p.path === 'AlarmBuffer/GetEventLogs';
  return JSON.stringify(
    eventLogsRequest({
      session: p.sessionId,
      agencyId: p.agencyId,
      dueValue: history ? 1 : null,
      page: 1,
      count: p.count,
      sortColumn: history ? 'eventDate' : 'alarm_Date',
      installServcoType: 'D',
    }),
  );
}

/** Every spec polls once, all at the same moment (screens reloading together); answers when done. */
export async function pollAllOnce(specs: PollerSpec[]): Promise<PollObservation[]> {
  const seen: PollObservation[] = [];
  const stop = startPollersAt(specs, 0, false, seen, true);
  await stop.done;
  return seen;
}

/**
 * Starts per-screen polling as the original portal did: every `periodMs` (at a random phase), one
 * request per grid, never two at once for one screen. Stop returns what each poll saw.
 */
export function startPollers(specs: PollerSpec[], periodMs: number, recordIds: boolean) {
  const seen: PollObservation[] = [];
  return startPollersAt(specs, periodMs, recordIds, seen, false);
}

function startPollersAt(
  specs: PollerSpec[],
  periodMs: number,
  recordIds: boolean,
  seen: PollObservation[],
  once: boolean,
) {
  let pending = specs.length;
  let finished: () => void = () => {};
  const done = new Promise<void>((r) => (finished = r));
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const inFlight = new Set<Promise<void>>();
  let running = true;

  function schedule(p: PollerSpec, delay: number) {
    if (!running) return;
    const t = setTimeout(() => {
      timers.delete(t);
      const sent = wallNow();
      const run = poll(p, sent).finally(() => {
        inFlight.delete(run);
        if (once) {
          if (--pending === 0) finished();
        } else schedule(p, Math.max(0, sent + periodMs - wallNow()));
      });
      inFlight.add(run);
    }, delay);
    timers.add(t);
  }

  async function poll(p: PollerSpec, sent: number) {
    try {
      const res = await fetch(`${p.baseUrl}/${p.path}?CurentsessionId=${p.sessionId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body(p),
      });
      const json = (await res.json()) as { result?: { eventLogList?: { id: unknown }[] } };
      const rows = json.result?.eventLogList ?? [];
      seen.push({
        agencyId: p.agencyId,
        path: p.path,
        sent,
        done: wallNow(),
        ok: res.ok,
        ids: recordIds ? rows.map((r) => String(r.id)) : undefined,
      });
    } catch {
      seen.push({ agencyId: p.agencyId, path: p.path, sent, done: wallNow(), ok: false });
    }
  }

  for (const p of specs) schedule(p, Math.random() * periodMs);

  return {
    done,
    async stop() {
      running = false;
      for (const t of timers) clearTimeout(t);
      await Promise.all([...inFlight]);
      return seen;
    },
  };
}
