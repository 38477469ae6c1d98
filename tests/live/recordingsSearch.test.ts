import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeltaMessage,
  FeedName,
  FeedRow,
  ReplayState,
  SimpleAck,
  SnapshotMessage,
} from '../../shared/live/protocol';
import type { Bridge } from '../../server/app/bridge';
import type { PollReport } from '../../server/feeds/agencyFeed';
import { createLogger } from '../../server/observability/logger';
import { createPgRecordingStore } from '../../server/recordings/pgRecordingStore';
import { parseRecordingFile } from '../../server/recordings/recordingFile';
import { parseRecordingName, type RecordLine } from '../../server/recordings/recordingFormat';
import type { FoundMoment } from '../../server/recordings/recordingStore';
import { cleanPrefix, TEST_REDIS_URL } from '../support/redis';
import { pairedWall } from '../support/walls';
import { dropTable, postgresReachable, queryRows, randomTable, TEST_DATABASE_URL } from '../support/postgres';
import { waitFor, type Screen } from '../support/screen';
import { freshAccount, signIn, simPost, startTestBridge } from '../support/stack';
import { startTwoDealers, type TwoDealers } from '../support/twoDealers';
import { pollReport } from '../support/pollReport';

const reachable = await postgresReachable();
const stem = randomTable('rec_search');
const auditTable = randomTable('audit_rec');
const prefix = `dlp-test-recsearch-${stem.slice(-8)}:`;
// Shared sessions (Redis), as two hosts behind one name have: the reader bridge knows the cookies.
const env = {
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: prefix,
  DATABASE_URL: TEST_DATABASE_URL,
  RECORDINGS_TABLE: stem,
  AUDIT_TABLE: auditTable,
  RECORD_AGENCIES: 'all',
};

type Answer = { status: number; body: Record<string, unknown> };
async function call(base: string, cookie: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { cookie, origin: new URL(base).origin, ...(init.headers ?? {}) },
  });
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json'))
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  return { status: res.status, body: { file: Buffer.from(await res.arrayBuffer()) } };
}
const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
const replayOf = (screen: Screen) => {
  const seen: { snapshots: SnapshotMessage[]; states: ReplayState[] } = { snapshots: [], states: [] };
  screen.socket.on('snapshot', (m) => m.replay && seen.snapshots.push(m));
  screen.socket.on('replay', (s) => seen.states.push(s));
  return seen;
};
const emit = <T>(screen: Screen, event: 'replay.start' | 'replay.list', body: unknown) =>
  new Promise<T>((resolve) => screen.socket.emit(event, body, resolve as never));
const NO_MENU = 'Replay is part of the Live Alarm View, which is not on your menu.';
const DAY = 86_400_000;
const gzipLines = (lines: RecordLine[]) =>
  gzipSync(Buffer.from(lines.map((l) => `${JSON.stringify(l)}\n`).join('')));

describe.skipIf(!reachable)('recordings found by account and moment, shared with a colleague', () => {
  let d: TwoDealers;
  let reader: Bridge;
  let owner: Screen;
  let csNo: string;
  let since: number;

  beforeAll(async () => {
    d = await startTwoDealers(env);
    owner = d.screen(d.owner.cookie);
    const other = d.screen(d.other.cookie);
    await Promise.all([owner.connected(), other.connected()]);
    for (const feed of ['alarms', 'events'] as const) {
      expect((await owner.subscribe({ feed, agencyId: d.owner.agencyId })).ok).toBe(true);
      expect((await other.subscribe({ feed, agencyId: d.other.agencyId })).ok).toBe(true);
    }
    await waitFor(
      'first snapshots',
      () => owner.cursor({ feed: 'alarms', agencyId: d.owner.agencyId }) !== null,
    );
    since = Date.now() - 1000;
    csNo = await freshAccount(d.sim, d.owner.agencyId);
    await simPost(d.sim, '/_sim/signals', { csNo, eventId: 'B' });
    // The other dealer's account goes into alarm too: its moments must never reach the owner.
    await simPost(d.sim, '/_sim/signals', {
      csNo: await freshAccount(d.sim, d.other.agencyId),
      eventId: 'B',
    });
    // A bridge that polls nothing reads the same store (as a second host would).
    reader = await startTestBridge(d.sim.url, env);
  }, 60_000);

  afterAll(async () => {
    await reader?.close();
    await d?.close();
    await dropTable(`${stem}_lines`);
    await dropTable(`${stem}_moments`);
    await dropTable(auditTable);
    await cleanPrefix(prefix);
  });

  async function searchOwner(q: Record<string, string | number>) {
    return call(reader.url, d.owner.cookie, `/api/recordings/search?${qs(q)}`);
  }
  const importInto = (screen: Screen, cookie: string, body: Buffer, base = d.bridge.url) =>
    call(
      base,
      cookie,
      `/api/recordings/import?${qs({ screen: screen.socket.id!, feed: 'alarms', name: 'from-colleague.jsonl.gz' })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/gzip' },
        body: new Uint8Array(body),
      },
    );

  it("finds an account's alarm by CS# and time on any bridge, and opens the replay at that moment", async () => {
    let moments: FoundMoment[] = [];
    await waitFor('the alarm in the store', async () => {
      const a = await searchOwner({ csNo, from: since, to: Date.now() + 1000 });
      moments = (a.body.moments ?? []) as FoundMoment[];
      return moments.some((m) => m.kind === 'alarm.opened') && moments.some((m) => m.kind === 'event');
    });
    const opened = moments.find((m) => m.kind === 'alarm.opened')!;
    expect(opened).toMatchObject({ csNo, agencyId: d.owner.agencyId, feed: 'alarms' });
    // By event type too: the burglary's code finds it; another code does not.
    const byType = await searchOwner({
      csNo,
      eventType: opened.eventType,
      from: since,
      to: Date.now() + 1000,
    });
    expect((byType.body.moments as FoundMoment[]).some((m) => m.rowId === opened.rowId)).toBe(true);
    const none = await searchOwner({ csNo, eventType: 'NO-SUCH-CODE', from: since, to: Date.now() + 1000 });
    expect(none.body.moments).toEqual([]);

    // The timeline of the account over the day lists the event and the alarm, in time order.
    const day = await call(
      reader.url,
      d.owner.cookie,
      `/api/recordings/timeline?${qs({ csNo, from: since })}`,
    );
    const kinds = (day.body.moments as FoundMoment[]).map((m) => m.kind);
    expect(kinds).toContain('event');
    expect(kinds).toContain('alarm.opened');

    // Choosing the moment: the screen's replay opens paused there, with the alarm on it.
    const seen = replayOf(owner);
    const ack = await emit<SimpleAck>(owner, 'replay.start', {
      recording: opened.recording,
      at: opened.offsetMs,
    });
    expect(ack).toEqual({ ok: true });
    await waitFor('replay at the moment', () =>
      seen.states.some((s) => s.paused && s.positionMs === opened.offsetMs),
    );
    const atMoment = seen.snapshots[seen.snapshots.length - 1];
    expect(atMoment.rows.some((r) => r.id === opened.rowId)).toBe(true);
  });

  it("an account's timeline of a day holds every change of it, in time order, and nothing outside the day", async () => {
    // Two days ago, as the lease holder of the owner's agency wrote it then (the same tables).
    const agencyId = d.owner.agencyId;
    const account = `CTL${stem.slice(-6)}`;
    const from = Math.floor((Date.now() - 2 * DAY) / 60_000) * 60_000;
    const min = 60_000;
    const writer = createPgRecordingStore({
      connectionString: TEST_DATABASE_URL,
      table: stem,
      record: ['all'],
      keepMs: 7 * DAY,
      maxBytes: 8 * 1024 ** 3,
      logger: createLogger('silent'),
    });
    const report = (feed: FeedName, at: number, p: Partial<PollReport>) =>
      pollReport({ agencyId, feed }, at, p);
    const date = (at: number) => new Date(at).toISOString();
    const event = (id: string, at: number) =>
      ({
        id,
        cS_: account,
        eventrpt_id: 'B',
        description: `BURGLARY ${id}`,
        eventDate: date(at),
      }) as unknown as FeedRow;
    const alarm = (descr: string, at: number) =>
      ({
        id: `al-${account}`,
        cs_No: account,
        alarm_event_id: 'B',
        event_Descr: descr,
        alarm_Date: date(at),
      }) as unknown as FeedRow;
    const upsert = (feed: FeedName, at: number, row: FeedRow) =>
      writer.record(report(feed, at, { changes: { upserts: [row], removes: [] } }));
    for (const feed of ['events', 'alarms', 'systemsOnTest'] as const)
      writer.record(report(feed, from - 2 * 3_600_000, { full: true, rows: new Map() }));
    upsert('events', from - 30 * min, event('ev0', from - 30 * min)); // the day before
    upsert('events', from + 10 * min, event('ev1', from + 10 * min));
    upsert('alarms', from + 10 * min + 2000, alarm('BURGLARY', from + 10 * min));
    upsert('alarms', from + 15 * min, alarm('BURGLARY (DISPATCHED)', from + 10 * min));
    writer.record(
      report('alarms', from + 20 * min, { changes: { upserts: [], removes: [`al-${account}`] } }),
    );
    // Placed on test meanwhile: Alarm Testing is not a moment (docs/decisions.md).
    upsert('systemsOnTest', from + 30 * min, { id: `t-${account}`, cs_No: account } as unknown as FeedRow);
    upsert('events', from + DAY, event('ev2', from + DAY)); // the next day, to the millisecond
    upsert('events', from + DAY + 3_600_000, event('ev3', from + DAY + 3_600_000));
    await writer.close();

    const wide = await searchOwner({ csNo: account, from: from - 3_600_000, to: from + DAY + 2 * 3_600_000 });
    expect((wide.body.moments as FoundMoment[]).length).toBe(7);
    const day = await call(
      reader.url,
      d.owner.cookie,
      `/api/recordings/timeline?${qs({ csNo: account, from })}`,
    );
    expect(day.status).toBe(200);
    const moments = day.body.moments as FoundMoment[];
    expect(moments.map((m) => [m.kind, m.feed, m.t - from])).toEqual([
      ['event', 'events', 10 * min],
      ['alarm.opened', 'alarms', 10 * min + 2000],
      ['alarm.changed', 'alarms', 15 * min],
      ['alarm.closed', 'alarms', 20 * min],
    ]);
    expect(moments.map((m) => m.text)).toEqual([
      'BURGLARY ev1',
      'BURGLARY',
      'BURGLARY (DISPATCHED)',
      'BURGLARY (DISPATCHED)',
    ]);
    expect(day.body.truncated).toBe(false);
  });

  it('a range that cannot hold anything gets a message, not an empty list', async () => {
    const now = Date.now();
    const backwards = await searchOwner({ csNo, from: now, to: now - 3_600_000 });
    expect(backwards).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'The end of the range is before its start.' }),
    });
    const tooOld = await searchOwner({ from: now - 8 * 86_400_000, to: now - 7.5 * 86_400_000 });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.message).toMatch(/^Recordings are kept for 7 days: the range ends before the oldest/);
  });

  it("exports a range as a recording file (audited), which imports into the owner's own screen only", async () => {
    const to = Date.now();
    const exported = await call(
      d.bridge.url,
      d.owner.cookie,
      `/api/recordings/export?${qs({ agencyId: d.owner.agencyId, from: since, to })}`,
    );
    expect(exported.status).toBe(200);
    const file = exported.body.file as Buffer;
    const parsed = await parseRecordingFile(file, (a) => a === d.owner.agencyId);
    expect(parsed.ok).toBe(true);
    const audit = await call(d.bridge.url, d.owner.cookie, `/api/audit?${qs({ from: since })}`);
    const entry = (audit.body.entries as { action: string; username: string; message: string }[]).find(
      (e) => e.action === 'recordingExport',
    );
    expect(entry).toMatchObject({ username: 'owner' });
    expect(entry?.message).toMatch(
      /^Recording of \d{4}-\d\d-\d\d \d\d:\d\dZ to \d{4}-\d\d-\d\d \d\d:\d\dZ exported/,
    );

    const seen = replayOf(owner);
    const other = d.screens[1];
    const otherSeen = replayOf(other);
    const ok = await importInto(owner, d.owner.cookie, file);
    expect(ok.status).toBe(200);
    await waitFor('imported replay', () =>
      seen.states.some((s) => s.recording === 'imported from-colleague.jsonl.gz'),
    );
    // Played to its end, the import shows the account's alarm: the recorded rows, on this screen only.
    const state = seen.states.at(-1)!;
    owner.socket.emit('replay.control', { action: 'seek', value: state.durationMs });
    await waitFor('the import at its end', () =>
      seen.snapshots.some((m) => m.rows.some((r) => (r as { cs_No?: string }).cs_No === csNo)),
    );
    // Another's screen is neither reachable by its id nor shown the import.
    expect((await importInto(other, d.owner.cookie, file)).status).toBe(404);
    expect(otherSeen.states).toEqual([]);

    // What cannot be replayed says why.
    const messages = async (body: Buffer) => (await importInto(owner, d.owner.cookie, body)).body.message;
    expect(await messages(Buffer.from('CS#,time\nC1,14:00\n'))).toBe(
      'This file is not a recording: export one from Replay (a .jsonl.gz file).',
    );
    expect(await messages(file.subarray(0, Math.floor(file.length / 2)))).toBe(
      'This recording is cut short: the file ends before its last line. Export it again.',
    );
    const lines = gzipSync(
      Buffer.from(
        `${JSON.stringify({ kind: 'full', t: 1, feed: 'alarms', agencyId: d.owner.agencyId, rows: [] })}\n{"kind":"delta","t":\n`,
      ),
    );
    expect(await messages(lines)).toBe('This recording is damaged at line 2: it cannot be replayed.');
    const big = await importInto(owner, d.owner.cookie, Buffer.alloc(17 * 1024 * 1024, 1));
    expect(big).toMatchObject({
      status: 413,
      body: { message: 'This recording is over the 16 MB an import may be: export a shorter range.' },
    });
    // The other dealer's export, imported by the owner.
    const theirs = await call(
      d.bridge.url,
      d.other.cookie,
      `/api/recordings/export?${qs({ agencyId: d.other.agencyId, from: since, to: Date.now() })}`,
    );
    const foreign = await importInto(owner, d.owner.cookie, theirs.body.file as Buffer);
    expect(foreign).toMatchObject({
      status: 403,
      body: { message: `This recording is of agency ${d.other.agencyId}, which you may not see.` },
    });
  });

  it('an imported file is never stored, imported or refused, and no live row mixes into its replay', async () => {
    const agencyId = d.owner.agencyId;
    const alarmsRef = { feed: 'alarms' as const, agencyId };
    // A colleague's file: three hours back, one account's alarm.
    const at = Date.now() - 3 * 3_600_000;
    const account = `CIM${stem.slice(-6)}`;
    const row = {
      id: `imp-${account}`,
      cs_No: account,
      alarm_event_id: 'B',
      event_Descr: 'BURGLARY (FROM A COLLEAGUE)',
      alarm_Date: new Date(at + 1000).toISOString(),
    };
    const lines: RecordLine[] = [
      { kind: 'full', t: at, feed: 'alarms', agencyId, rows: [] },
      { kind: 'delta', t: at + 1000, feed: 'alarms', agencyId, upserts: [row], removes: [] },
    ];
    const kept = async () => ({
      lines: Number(
        (
          await queryRows(
            `SELECT count(*) AS n FROM ${stem}_lines WHERE agency_id = $1 AND t >= $2 AND t <= $3`,
            [agencyId, new Date(at - 1000).toISOString(), new Date(at + 2000).toISOString()],
          )
        )[0].n,
      ),
      moments: (await searchOwner({ csNo: account, from: at - 3_600_000, to: Date.now() + 1000 })).body
        .moments,
      listed: (
        await emit<{ ok: true; recordings: { name: string }[] }>(owner, 'replay.list', { agencyId })
      ).recordings.filter((r) => Math.abs((parseRecordingName(r.name)?.startedAt ?? 0) - at) < 5000),
    });
    const nothing = { lines: 0, moments: [], listed: [] };

    // The owner's screen is live on the active alarms, then imports; another screen watches them too.
    const watcher = d.screen(d.owner.cookie);
    await watcher.connected();
    for (const screen of [owner, watcher]) expect((await screen.subscribe(alarmsRef)).ok).toBe(true);
    await waitFor('the live alarms on both screens', () => watcher.cursor(alarmsRef) !== null);
    // Every active-alarms row this screen is sent from the import on: the replay's, or live ones mixed in.
    const alarmRows: { cs: string | undefined }[] = [];
    const note = (m: SnapshotMessage | DeltaMessage, rows: FeedRow[]) => {
      if (m.feed !== 'alarms') return;
      for (const r of rows) alarmRows.push({ cs: (r as { cs_No?: string }).cs_No });
    };
    owner.socket.on('snapshot', (m) => note(m, m.rows as FeedRow[]));
    owner.socket.on('delta', (m) => note(m, m.upserts as FeedRow[]));
    const seen = replayOf(owner);
    expect(await importInto(owner, d.owner.cookie, gzipLines(lines))).toMatchObject({ status: 200 });
    await waitFor('the imported alarm on the replay', () => alarmRows.some((r) => r.cs === account));
    expect(seen.states.at(-1)?.recording).toBe('imported from-colleague.jsonl.gz');

    // A live alarm meanwhile: another screen and the store get it, the importing screen does not.
    const liveCs = await freshAccount(d.sim, agencyId);
    await simPost(d.sim, '/_sim/signals', { csNo: liveCs, eventId: 'B' });
    await waitFor('the live alarm on another screen', () =>
      [...watcher.rows(alarmsRef).values()].some((r) => (r as { cs_No?: string }).cs_No === liveCs),
    );
    await waitFor('the live alarm in the store', async () => {
      const a = await searchOwner({ csNo: liveCs, from: since, to: Date.now() + 1000 });
      return (a.body.moments as FoundMoment[]).some((m) => m.kind === 'alarm.opened');
    });
    expect(alarmRows.filter((r) => r.cs === liveCs)).toEqual([]);
    expect(await kept()).toEqual(nothing);

    // Refused (one line of an agency the owner may not see): nothing of it is kept either.
    const foreign = gzipLines([...lines, { ...lines[1], t: at + 2000, agencyId: d.other.agencyId }]);
    expect(await importInto(owner, d.owner.cookie, foreign)).toMatchObject({ status: 403 });
    expect(await kept()).toEqual(nothing);
  });

  it("nobody reaches another dealer's recordings; a wall and a user without the Live Alarm View reach none", async () => {
    const range = { from: since, to: Date.now() + 1000 };
    // The other dealer: the owner's agency is refused by name, and absent from a search of all.
    const named = await call(
      reader.url,
      d.other.cookie,
      `/api/recordings/search?${qs({ ...range, agencyId: d.owner.agencyId })}`,
    );
    expect(named.status).toBe(403);
    const all = await call(reader.url, d.other.cookie, `/api/recordings/search?${qs(range)}`);
    const agencies = new Set((all.body.moments as FoundMoment[]).map((m) => m.agencyId));
    expect(agencies.has(d.other.agencyId)).toBe(true);
    expect(agencies.has(d.owner.agencyId)).toBe(false);
    const timeline = await call(
      reader.url,
      d.other.cookie,
      `/api/recordings/timeline?${qs({ csNo, from: since })}`,
    );
    expect(timeline.body.moments).toEqual([]);
    const exported = await call(
      reader.url,
      d.other.cookie,
      `/api/recordings/export?${qs({ ...range, agencyId: d.owner.agencyId })}`,
    );
    expect(exported.status).toBe(403);
    const otherScreen = d.screens[1];
    const listed = await emit<{ ok: true; recordings: { agencyId: string; name: string }[] }>(
      otherScreen,
      'replay.list',
      {},
    );
    expect(listed.recordings.some((r) => r.agencyId === d.owner.agencyId)).toBe(false);
    const ownerList = await emit<{ ok: true; recordings: { name: string }[] }>(owner, 'replay.list', {
      agencyId: d.owner.agencyId,
    });
    const refused = await emit<SimpleAck>(otherScreen, 'replay.start', {
      recording: ownerList.recordings[0].name,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    // A wall's credential is not a session: every recordings route refuses it.
    const wall = await pairedWall(d.bridge.url, d.owner.cookie, d.owner.agencyId);
    for (const path of ['search', 'timeline', 'export'])
      expect(
        (
          await call(
            d.bridge.url,
            wall.cookie,
            `/api/recordings/${path}?${qs({ ...range, csNo, agencyId: d.owner.agencyId })}`,
          )
        ).status,
      ).toBe(401);
    expect(
      (
        await call(d.bridge.url, wall.cookie, '/api/recordings/import?screen=x', {
          method: 'POST',
          body: 'x',
        })
      ).status,
    ).toBe(401);
    // Nor may its screen list or replay one, even of its own agency.
    const wallScreen = d.screen(wall.cookie);
    await wallScreen.connected();
    const wallStates = replayOf(wallScreen);
    const recording = ownerList.recordings[0].name;
    for (const event of ['replay.list', 'replay.start'] as const)
      expect(await emit<SimpleAck>(wallScreen, event, { recording })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    expect(wallStates).toEqual({ snapshots: [], states: [] });

    // The owner takes the Live Alarm View off the dispatcher's menu.
    const dispatcher = await signIn(d.bridge.url, 'dispatcher', 'dispatch123');
    const set = await call(d.bridge.url, d.owner.cookie, '/api/Contact/UpdateChildSitePreference', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        contact_no: Number((dispatcher.profile as { contactNumber?: unknown }).contactNumber),
        SelectedNavIds: '3,4,7',
      }),
    });
    expect(set.status).toBe(200);
    await call(d.bridge.url, dispatcher.cookie, '/api/session');
    for (const path of ['search', 'timeline', 'export']) {
      const a = await call(
        d.bridge.url,
        dispatcher.cookie,
        `/api/recordings/${path}?${qs({ ...range, csNo, agencyId: d.owner.agencyId })}`,
      );
      expect(a).toMatchObject({ status: 403, body: { message: NO_MENU } });
    }
    // On a screen too, with the same words: list, replay a recording of its agency, import a file.
    const noMenu = d.screen(dispatcher.cookie);
    await noMenu.connected();
    const noMenuStates = replayOf(noMenu);
    const refusedForMenu = { ok: false, error: { code: 'forbidden', message: NO_MENU } };
    expect(await emit<SimpleAck>(noMenu, 'replay.list', {})).toMatchObject(refusedForMenu);
    expect(await emit<SimpleAck>(noMenu, 'replay.start', { recording })).toMatchObject(refusedForMenu);
    const file = (
      await call(
        d.bridge.url,
        d.owner.cookie,
        `/api/recordings/export?${qs({ agencyId: d.owner.agencyId, from: since, to: Date.now() })}`,
      )
    ).body.file as Buffer;
    expect(await importInto(noMenu, dispatcher.cookie, file)).toMatchObject({
      status: 403,
      body: { message: NO_MENU },
    });
    expect(noMenuStates).toEqual({ snapshots: [], states: [] });
  });
});
