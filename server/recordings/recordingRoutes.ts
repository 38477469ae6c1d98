import { randomUUID } from 'node:crypto';
import express, { Router, type Response } from 'express';
import { z } from 'zod';
import { FEEDS, type FeedName } from '../../shared/live/protocol';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { AuditEntry } from '../audit/auditEntry';
import { sendError } from '../http/apiErrors';
import type { HttpDeps } from '../http/httpDeps';
import { apiRateLimit } from '../http/rateLimits';
import { requireSession, sessionOf } from '../http/sessionGuard';
import type { LiveSocket } from '../live/liveServer';
import {
  feedLines,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  parseRecordingFile,
  recordingFile,
} from './recordingFile';
import { MOMENT_KINDS } from './recordingMoments';
import { checkRange, rangeWords } from './recordingQuery';
import type { RecordingStore } from './recordingStore';
import { mayReplay, NO_REPLAY_MENU, type ReplayHandlers } from './replayHandlers';

/** At most this many moments answer one search (the oldest first); `truncated` says there were more. */
export const MAX_MOMENTS = 500;
/** An account's timeline, and an export, cover at most a day. */
const DAY_MS = 86_400_000;

const moment = z.union([z.string().max(40), z.number()]).transform((v, c) => {
  const t = typeof v === 'number' || /^\d+$/.test(v.trim()) ? Number(v) : Date.parse(v);
  if (!Number.isFinite(t)) {
    c.addIssue({ code: 'custom', message: `Not a date: ${String(v)}.` });
    return z.NEVER;
  }
  return t;
});
const csNo = z.string().trim().min(1).max(40);
const agencyId = z.string().trim().min(1).max(40);

const searchSchema = z.object({
  from: moment,
  to: moment,
  csNo: csNo.optional(),
  eventType: z.string().trim().min(1).max(60).optional(),
  kinds: z
    .string()
    .max(200)
    .optional()
    .transform((v) => v?.split(',').filter(Boolean))
    .pipe(z.array(z.enum(MOMENT_KINDS)).optional()),
  agencyId: agencyId.optional(),
});
const timelineSchema = z.object({ csNo, from: moment, to: moment.optional() });
const exportSchema = z.object({ agencyId, from: moment, to: moment });
const importSchema = z.object({
  screen: z.string().min(1).max(64),
  feed: z.enum(['events', 'alarms']).default('alarms'),
  name: z
    .string()
    .max(120)
    .optional()
    .transform((v) => (v ?? 'recording').replace(/[^\w.-]+/g, '_')),
  speed: z.coerce.number().min(0.25).max(50).default(1),
});

export interface RecordingRouteDeps {
  recordings: RecordingStore;
  replay: Pick<ReplayHandlers, 'play'>;
  /** A screen (socket) of this process by id. */
  screen(id: string): LiveSocket | undefined;
  record(entry: AuditEntry): Promise<void>;
  clock?: () => number;
}

/**
 * `/api/recordings`: search the recorded moments by CS#, event type and time, an account's
 * timeline, export a range as a file, import a file into one's own screen's replay. Each needs a
 * session (a wall's credential has none) with the Live Alarm View, over its own agencies only.
 */
export function recordingRoutes(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  d: RecordingRouteDeps,
): Router {
  const clock = d.clock ?? Date.now;
  const router = Router();
  router.use(requireSession(ctx), apiRateLimit(ctx), (_req, res, next) => {
    if (!mayReplay(sessionOf(res), ctx.config.OWNER_RELATION_ID))
      return sendError(res, 'forbidden_menu', { message: NO_REPLAY_MENU });
    next();
  });
  const refuse = (res: Response, message: string) => sendError(res, 'bad_request', { message });
  const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? 'The request could not be read.';

  router.get('/search', async (req, res) => {
    const q = searchSchema.safeParse(req.query);
    if (!q.success) return refuse(res, firstIssue(q.error));
    const visible = visibleAgencies(sessionOf(res).profile);
    if (q.data.agencyId && !visible.has(q.data.agencyId)) return sendError(res, 'forbidden_agency');
    const bad = checkRange(q.data.from, q.data.to, d.recordings.keepMs, clock());
    if (bad) return refuse(res, bad);
    const found = await d.recordings.search({
      agencies: q.data.agencyId ? [q.data.agencyId] : [...visible],
      from: q.data.from,
      to: q.data.to,
      csNo: q.data.csNo,
      eventType: q.data.eventType,
      kinds: q.data.kinds,
      limit: MAX_MOMENTS + 1,
    });
    res.json({ moments: found.slice(0, MAX_MOMENTS), truncated: found.length > MAX_MOMENTS });
  });

  router.get('/timeline', async (req, res) => {
    const q = timelineSchema.safeParse(req.query);
    if (!q.success) return refuse(res, firstIssue(q.error));
    const to = q.data.to ?? q.data.from + DAY_MS;
    const bad = checkRange(q.data.from, to, d.recordings.keepMs, clock(), DAY_MS);
    if (bad) return refuse(res, bad);
    const found = await d.recordings.search({
      agencies: [...visibleAgencies(sessionOf(res).profile)],
      csNo: q.data.csNo,
      from: q.data.from,
      to,
      limit: MAX_MOMENTS * 4 + 1,
    });
    res.json({ moments: found.slice(0, MAX_MOMENTS * 4), truncated: found.length > MAX_MOMENTS * 4 });
  });

  router.get('/export', async (req, res) => {
    const q = exportSchema.safeParse(req.query);
    if (!q.success) return refuse(res, firstIssue(q.error));
    const session = sessionOf(res);
    if (!visibleAgencies(session.profile).has(q.data.agencyId)) return sendError(res, 'forbidden_agency');
    const { from, to } = q.data;
    const bad = checkRange(from, to, d.recordings.keepMs, clock(), DAY_MS);
    if (bad) return refuse(res, bad);
    const lines = (
      await Promise.all(FEEDS.map((feed) => d.recordings.range(q.data.agencyId, feed, from, to)))
    ).flat();
    if (!lines.length)
      return sendError(res, 'not_found', { message: 'Nothing was recorded of this agency then.' });
    // Whole states first at each moment, so a reader of the file meets a feed's state before its changes.
    lines.sort((a, b) => a.t - b.t || (a.kind === b.kind ? 0 : a.kind === 'full' ? -1 : 1));
    const file = await recordingFile(lines);
    // NOTE: who exported which range is audited, as any action on the dealer's data is.
    await d
      .record({
        id: randomUUID(),
        at: new Date(clock()).toISOString(),
        username: session.username,
        contactNumber: String(session.profile.contactNumber),
        agencyId: q.data.agencyId,
        action: 'recordingExport',
        alarmId: null,
        csNo: null,
        siteNo: null,
        systemNo: null,
        outcome: 'ok',
        message: `Recording of ${rangeWords(from, to)} exported (${lines.length} lines)`,
      })
      .catch((e: unknown) => ctx.logger.warn({ err: String(e) }, 'recording export not audited'));
    const stamp = (t: number) => new Date(t).toISOString().replace(/[-:]/g, '').slice(0, 15);
    res
      .type('application/gzip')
      .attachment(`${q.data.agencyId}_export_${stamp(from)}-${stamp(to)}.jsonl.gz`)
      .send(file);
  });

  const readFile = express.raw({ type: () => true, limit: IMPORT_MAX_BYTES });
  router.post(
    '/import',
    (req, res, next) =>
      readFile(req, res, (err?: unknown) => {
        if (!err) return next();
        if ((err as { type?: string }).type === 'entity.too.large')
          return sendError(res, 'payload_too_large', { message: IMPORT_MESSAGES.tooLarge });
        sendError(res, 'bad_request', { message: IMPORT_MESSAGES.notRecording });
      }),
    async (req, res) => {
      const q = importSchema.safeParse(req.query);
      if (!q.success) return refuse(res, firstIssue(q.error));
      const session = sessionOf(res);
      const socket = d.screen(q.data.screen);
      // Only the importer's own screen, on this bridge: never another's, never stored for later.
      if (!socket || socket.data.wall || socket.data.session.id !== session.id)
        return sendError(res, 'not_found', {
          message: 'This screen is not connected here any more: reload the page and import again.',
        });
      const body: unknown = req.body;
      const file = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const visible = visibleAgencies(session.profile);
      const parsed = await parseRecordingFile(file, (id) => visible.has(id));
      if (!parsed.ok) {
        const code =
          parsed.status === 403
            ? 'forbidden_agency'
            : parsed.status === 413
              ? 'payload_too_large'
              : 'bad_request';
        return sendError(res, code, { message: parsed.message });
      }
      const lines = feedLines(parsed.lines, q.data.feed as FeedName);
      if (!lines.length) return refuse(res, IMPORT_MESSAGES.noFeed(q.data.feed));
      d.replay.play(socket, `imported ${q.data.name}`, lines, q.data.speed, undefined, (a) => {
        if (a.ok) res.json({ ok: true, lines: lines.length });
        else refuse(res, a.error.message);
      });
    },
  );

  return router;
}
