import { z as zod } from 'zod';
import * as z from 'zod/mini';
import { serviceCompanySchema } from '../../shared/upstream/loginProfile';
import type { FeedIdentity } from './upstreamCredential';
import type { Logger } from '../observability/logger';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { isUpstreamError } from '../upstream/upstreamError';

const idish = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((v) => String(v)),
);

/**
 * What `Contact/GetContactAccess` answers (docs/upstream-api.md, "Contact access", a **Choice**):
 * the fields of a contact's current login record that carry rights, without secrets.
 */
export const contactAccessSchema = z.object({
  contactNumber: idish,
  RelationId: z.optional(z.nullable(idish)),
  agencyId: idish,
  agencyIdForCorpAccount: z.optional(z.nullable(idish)),
  serviceCompanyList: z._default(z.array(serviceCompanySchema()), []),
  sitePreferences: z.optional(z.nullable(z.string())),
});
/** A user's rights as the monitoring center holds them now: menu (sitePreferences), relation, agencies. */
export type CurrentRights = z.infer<typeof contactAccessSchema>;

/**
 * `ok`: the rights now; `gone`: the user no longer exists upstream (stop what they run);
 * `unknown`: they could not be read (keep what runs, read again next time).
 */
export type RightsVerdict =
  { kind: 'ok'; rights: CurrentRights } | { kind: 'gone'; why: string } | { kind: 'unknown'; why: string };

/** The upstream's answer for an unknown or deleted contact. */
export const CONTACT_NOT_FOUND = 'Contact not found.';
/** How long an answer serves the runs and deliveries that ask for the same user. */
export const RIGHTS_TTL_MS = 60_000;
const MAX_CACHED = 5000;

export interface CurrentRightsDeps {
  upstream: Pick<UpstreamClient, 'call'>;
  /** The bridge's identity that reads this agency (server/identity), or null when none is set. */
  identityFor(agencyId: string): FeedIdentity | null;
  logger: Logger;
  ttlMs?: number;
  clock?: () => number;
}

/**
 * A user's current rights, read with the bridge's own identity for their agency, never with the
 * user's session (what runs unattended has none). One read per user a minute: answers are kept
 * that long and reads in flight are shared; an unknown answer is never kept.
 */
export function createCurrentRights(d: CurrentRightsDeps) {
  const ttl = d.ttlMs ?? RIGHTS_TTL_MS;
  const clock = d.clock ?? Date.now;
  const cache = new Map<string, { at: number; verdict: Promise<RightsVerdict> }>();

  async function ask(contactNumber: string, agencyId: string): Promise<RightsVerdict> {
    const identity = d.identityFor(agencyId);
    if (!identity) return { kind: 'unknown', why: 'no identity of the bridge reads this agency' };
    const cred = await identity.credential().catch(() => null);
    if (!cred) return { kind: 'unknown', why: 'the bridge cannot sign in to the monitoring center' };
    try {
      const answer = await d.upstream.call({
        method: 'GET',
        path: 'Contact/GetContactAccess',
        sessionId: cred.upstreamSessionId,
        query: { SessionGUID: cred.upstreamSessionId, ContactNo: contactNumber },
        result: zod.unknown(),
        retry: true,
      });
      if (answer.apiStatus === false || answer.apiStatus === 'false') {
        if (answer.errors.includes(CONTACT_NOT_FOUND))
          return { kind: 'gone', why: 'the user no longer exists at the monitoring center' };
        return { kind: 'unknown', why: answer.errors[0] ?? 'the monitoring center refused the read' };
      }
      const rights = contactAccessSchema.safeParse(answer.result);
      if (!rights.success) return { kind: 'unknown', why: 'the answer could not be read' };
      if (rights.data.contactNumber !== contactNumber)
        return { kind: 'unknown', why: 'the answer was for another contact' };
      return { kind: 'ok', rights: rights.data };
    } catch (e) {
      if (isUpstreamError(e) && e.kind === 'session_expired') identity.invalidate(cred.upstreamSessionId);
      return { kind: 'unknown', why: e instanceof Error ? e.message : String(e) };
    }
  }

  return {
    /**
     * The user's rights now: at most a minute old, or read afresh with `fresh` (a scheduled run, a
     * reminder, the sweep: rare; pushes use the kept answer). `agencyId`: the user's own, which
     * picks the identity.
     */
    read(contactNumber: string, agencyId: string, opts: { fresh?: boolean } = {}): Promise<RightsVerdict> {
      const t = clock();
      const held = cache.get(contactNumber);
      if (held && !opts.fresh && t - held.at < ttl) return held.verdict;
      if (cache.size >= MAX_CACHED) for (const [k, v] of cache) if (t - v.at >= ttl) cache.delete(k);
      const verdict = ask(contactNumber, agencyId).then((v) => {
        // An unknown answer is read again by the next asker.
        if (v.kind === 'unknown') {
          if (cache.get(contactNumber)?.verdict === verdict) cache.delete(contactNumber);
          d.logger.warn({ contact: contactNumber, why: v.why }, 'current rights could not be read');
        }
        return v;
      });
      cache.set(contactNumber, { at: t, verdict });
      return verdict;
    },
    /** Drops a kept answer (a change the bridge made itself, such as a menu saved through it). */
    forget(contactNumber: string): void {
      cache.delete(contactNumber);
    },
  };
}
export type CurrentRightsReader = ReturnType<typeof createCurrentRights>;
