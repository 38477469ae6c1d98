import express, { type Request, type Response } from 'express';
import { reportEmailAddresses } from '../../shared/reportEmail/reportEmailRules';
import { SCHEDULED_REPORTS, isScheduledReport } from '../../shared/schedules/scheduledReports';
import { describeTiming, scheduleInputSchema } from '../../shared/schedules/scheduleRules';
import { publicProfile, visibleAgencies } from '../../shared/upstream/loginProfile';
import { sendError } from '../http/apiErrors';
import type { HttpDeps } from '../http/httpDeps';
import { isOwnerProfile } from '../rights/menuRights';
import { apiRateLimit } from '../http/rateLimits';
import { reportEmailQuotaOf } from '../gateway/reportEmailQuota';
import { requireSession, sessionOf } from '../http/sessionGuard';
import type { BridgeSession } from '../session/sessionStore';
import type { ScheduledEmails } from './scheduledEmails';
import { reportRefusal } from './scheduleRights';
import { createSendNowLimits } from './sendNowLimits';
import { accountsOfSite, agencyAccounts, sessionIdentity, type AgencyAccount } from './siteScope';
import type { ReminderPrefs, ScheduleRecord, ScheduleStore } from './scheduleStore';

/** A site that does not exist and a site of another agency get this same answer. */
const SITE_NOT_FOUND = 'Site not found.';

/** A user keeps a handful of schedules; the cap keeps one sign-in from filling the queue. */
const MAX_SCHEDULES_PER_USER = 20;

/** A schedule as Settings shows it: never the owner's stored login record. */
function viewOf(r: ScheduleRecord) {
  const { ownerProfile: _p, owner, ...rest } = r;
  return {
    ...rest,
    title: SCHEDULED_REPORTS[r.report as keyof typeof SCHEDULED_REPORTS]?.title ?? r.report,
    owner: owner.username,
    ownerName: owner.name,
    timing: describeTiming(r),
    nextRunAt: r.nextRunAt === null ? null : new Date(r.nextRunAt).toISOString(),
    lastRun: r.lastRun ? { ...r.lastRun, at: new Date(r.lastRun.at).toISOString() } : null,
  };
}

const userOf = (s: BridgeSession) => ({
  username: s.username,
  contactNumber: String(s.profile.contactNumber),
});

/**
 * `/api/scheduledEmails` (docs/api.md): the user's schedules (an owner: every schedule of the
 * dealer), create one from a report screen, pause or resume, delete, "Send now"; and
 * `/reminders`, the user's test reminder settings. Mounted after the same-site check.
 */
export function scheduleRoutes(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'redis' | 'sessions' | 'sockets' | 'upstream'>,
  schedules: ScheduledEmails,
  store: ScheduleStore,
): express.Router {
  const owner = ctx.config.OWNER_RELATION_ID;
  const r = express.Router();
  r.use(requireSession(ctx), apiRateLimit(ctx), express.json({ limit: '16kb' }));
  const quota = reportEmailQuotaOf(ctx);
  const sendNow = createSendNowLimits({
    perUser: ctx.config.SEND_NOW_PER_MIN,
    perAgency: ctx.config.SEND_NOW_AGENCY_PER_MIN,
    redis: ctx.redis,
    prefix: `${ctx.config.REDIS_PREFIX}rate:sendNow:`,
    now: Date.now,
    onStoreError: (e) => ctx.logger.warn({ err: String(e) }, 'send-now count unavailable: not counted'),
  });

  /** Whether the session may see and change a schedule: its owner, or the dealer's account owner. */
  const mayManage = (s: BridgeSession, rec: ScheduleRecord) =>
    rec.owner.contactNumber === String(s.profile.contactNumber) ||
    (isOwnerProfile(s.profile, owner) && visibleAgencies(s.profile).has(rec.owner.agencyId));

  const found = async (req: Request, res: Response): Promise<ScheduleRecord | null> => {
    const rec = await store.get(String(req.params.id));
    if (!rec || !mayManage(sessionOf(res), rec)) {
      sendError(res, 'not_found', { message: 'No such scheduled e-mail.' });
      return null;
    }
    return rec;
  };

  r.get('/', async (_req, res) => {
    const s = sessionOf(res);
    const mine = (await store.list()).filter((rec) => mayManage(s, rec));
    mine.sort((a, b) => a.createdAt - b.createdAt);
    res.json({ schedules: mine.map(viewOf), reports: schedules.reportIds });
  });

  r.post('/', async (req, res) => {
    const s = sessionOf(res);
    const parsed = scheduleInputSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return sendError(res, 'bad_request', {
        message: issue?.message ?? 'The schedule could not be read.',
        field: issue?.path.join('.'),
      });
    }
    const input = parsed.data;
    if (!isScheduledReport(input.report))
      return sendError(res, 'bad_request', { message: 'This report cannot be scheduled.', field: 'report' });
    const report = SCHEDULED_REPORTS[input.report];
    if (report.needsSite && !input.siteNo)
      return sendError(res, 'bad_request', { message: 'Choose a site.', field: 'siteNo' });
    const refusal = reportRefusal(s.profile, report, input.agencyId, owner);
    if (refusal)
      return sendError(res, 'forbidden_menu', {
        message: 'You do not have permission to schedule this report.',
      });
    if (report.needsSite && input.siteNo) {
      // The site is checked with the creator's own session, as a screen of theirs would read it.
      const who = sessionIdentity(s);
      let site: AgencyAccount[];
      try {
        site = accountsOfSite(await agencyAccounts(ctx.upstream, who, input.agencyId), input.siteNo);
      } catch (e) {
        if (who.expired()) return sendError(res, 'session_expired');
        ctx.logger.warn({ err: String(e), username: s.username }, 'schedule site check failed');
        return sendError(res, 'upstream_error', {
          message: 'The site could not be checked. Please try again.',
        });
      }
      // NOTE: another dealer's site answers as a site that does not exist: no probing of site numbers.
      if (site.length === 0)
        return sendError(res, 'bad_request', { message: SITE_NOT_FOUND, field: 'siteNo' });
    }
    const count = (await store.list()).filter(
      (x) => x.owner.contactNumber === String(s.profile.contactNumber),
    ).length;
    if (count >= MAX_SCHEDULES_PER_USER)
      return sendError(res, 'bad_request', {
        message: `You may keep at most ${MAX_SCHEDULES_PER_USER} scheduled e-mails.`,
      });
    const rec = await schedules.create(userOf(s), s.profile, {
      ...input,
      siteNo: report.needsSite ? input.siteNo : null,
    });
    res.status(201).json(viewOf(rec));
  });

  r.post('/:id/pause', async (req, res) => {
    const rec = await found(req, res);
    if (!rec) return;
    const paused: unknown = (req.body as Record<string, unknown> | undefined)?.paused;
    if (typeof paused !== 'boolean')
      return sendError(res, 'bad_request', { message: 'Say paused: true or false.', field: 'paused' });
    // After "Sign out everywhere" only the schedule's own user, signed in since, confirms it.
    const awaiting = rec.confirmSince ?? null;
    if (!paused && awaiting !== null) {
      const s = sessionOf(res);
      if (rec.owner.contactNumber !== String(s.profile.contactNumber) || s.createdAt <= awaiting)
        return sendError(res, 'forbidden_owner', {
          message:
            rec.owner.contactNumber === String(s.profile.contactNumber)
              ? 'You signed out everywhere after this session began: sign in again, then resume this schedule.'
              : `Only ${rec.owner.name} may resume this schedule, after signing in again.`,
        });
    }
    res.json(viewOf(await schedules.setPaused(paused ? rec : { ...rec, confirmSince: null }, paused)));
  });

  r.delete('/:id', async (req, res) => {
    const rec = await found(req, res);
    if (!rec) return;
    await schedules.remove(rec);
    res.status(204).end();
  });

  r.post('/:id/send', async (req, res) => {
    const rec = await found(req, res);
    if (!rec) return;
    const s = sessionOf(res);
    // Per minute first (a refused press costs no e-mail of the day), then the day's report e-mails.
    const over = await sendNow.take(s.username, rec.agencyId);
    if (over) {
      res.setHeader('Retry-After', String(over.retryAfterS));
      return sendError(res, 'too_many_requests', {
        message:
          over.over === 'user'
            ? `"Send now" may be pressed ${ctx.config.SEND_NOW_PER_MIN} times a minute. Please wait a minute and try again.`
            : `"Send now" may be pressed ${ctx.config.SEND_NOW_AGENCY_PER_MIN} times a minute for this agency. Please wait a minute and try again.`,
      });
    }
    if (!(await quota.take(s.username))) {
      ctx.logger.warn({ username: s.username, schedule: rec.id }, 'report e-mail cap reached (send now)');
      return sendError(res, 'report_email_quota', {
        message: `You have sent the ${ctx.config.REPORT_EMAILS_PER_DAY} report e-mails allowed per day. Please try again tomorrow.`,
      });
    }
    await schedules.sendNow(rec);
    res.status(202).json({ queued: true });
  });

  r.get('/reminders', async (_req, res) => {
    const s = sessionOf(res);
    const prefs = await store.prefs(String(s.profile.contactNumber));
    res.json(
      prefs
        ? { email: prefs.email, myTests: prefs.myTests, allTests: prefs.allTests }
        : { email: '', myTests: true, allTests: false },
    );
  });

  r.post('/reminders', async (req, res) => {
    const s = sessionOf(res);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const email = typeof b.email === 'string' ? b.email.trim() : '';
    if (email !== '') {
      const to = reportEmailAddresses(email);
      if (to.error) return sendError(res, 'bad_request', { message: to.error, field: 'email' });
    }
    const prefs: ReminderPrefs = {
      ...userOf(s),
      email,
      myTests: b.myTests !== false,
      allTests: b.allTests === true,
    };
    await store.putPrefs(prefs);
    // The reminder's rights are checked with the latest login record at send time.
    await store.putProfile(prefs.contactNumber, publicProfile(s.profile));
    res.json({ email: prefs.email, myTests: prefs.myTests, allTests: prefs.allTests });
  });

  return r;
}
