import { z } from 'zod';
import { systemDataResult } from '../actions/alarmOwners';
import type { FeedIdentity } from '../rights/upstreamCredential';
import { phoneRecord } from '../gateway/twoFactorSignIn';
import { contactAccessSchema } from '../rights/currentRights';
import { accountRowSchema, agencyAccounts } from '../schedules/siteScope';
import type { BridgeRead, ReadContext } from './bridgeReads';
import { judgeRead } from './judgeRead';
import { differs, type ReadVerdict } from './readVerdict';

/**
 * The reads the bridge makes of its own accord, beside the feeds and the reports: a user's current
 * rights (what runs unattended), an agency's account list (a schedule's site), a user's phones (the
 * second factor) and a system by CS# (an alarm's account). Each is made with the schema the bridge
 * reads it with.
 */

async function judged(
  c: ReadContext,
  read: () => Promise<ReadVerdict>,
  resultDiffers?: (json: unknown) => ReadVerdict | null,
): Promise<ReadVerdict> {
  c.rec.begin();
  try {
    return await read();
  } catch (e) {
    return judgeRead(e, c.rec, resultDiffers);
  }
}

/** Explains an answer whose `result` the bridge's code refused after the upstream client took it. */
const resultDiffers =
  (schema: z.core.$ZodType) =>
  (json: unknown): ReadVerdict | null => {
    const result = json && typeof json === 'object' && 'result' in json ? json.result : undefined;
    const parsed = z.safeParse(schema, result ?? []);
    return parsed.success ? null : differs(parsed.error.issues, result, ['result']);
  };

const rows = (n: number): ReadVerdict => ({ kind: 'ok', note: `(${n} row${n === 1 ? '' : 's'})` });

/** One enveloped GET read with the check's session, its `result` validated by `schema`. */
function enveloped(
  name: string,
  path: string,
  schema: z.core.$ZodType,
  query: (c: ReadContext) => Record<string, string> | null,
  needs: string,
): BridgeRead {
  return {
    name: `${name}  ${path}`,
    run: async (c) => {
      const q = query(c);
      if (!q) return { kind: 'skipped', reason: needs };
      // NOTE: read as unknown and validated here, as the bridge does (some of these schemas are zod/mini).
      return judged(
        c,
        async () => {
          const sessionId = c.credential.upstreamSessionId;
          const answer = await c.rec.upstream.call({
            method: 'GET',
            path,
            sessionId,
            query: q,
            result: z.unknown(),
          });
          const refused = answer.apiStatus === false && answer.result == null;
          if (refused)
            return {
              kind: 'refused',
              reason: answer.errors.join(' ') || 'the upstream answered apiStatus false',
            };
          const parsed = z.safeParse(schema, answer.result);
          if (!parsed.success) return differs(parsed.error.issues, answer.result, ['result']);
          return Array.isArray(parsed.data) ? rows(parsed.data.length) : { kind: 'ok' };
        },
        resultDiffers(schema),
      );
    },
  };
}

export const OWN_READS: BridgeRead[] = [
  enveloped(
    'current rights',
    'Contact/GetContactAccess',
    contactAccessSchema,
    (c) => ({ SessionGUID: c.credential.upstreamSessionId, ContactNo: c.contactNumber }),
    '',
  ),
  {
    name: 'account list  GetSiteByServCoNo',
    run: (c) =>
      judged(
        c,
        async () => {
          const identity: FeedIdentity = { credential: async () => c.credential, invalidate: () => {} };
          return rows((await agencyAccounts(c.rec.upstream, identity, c.agencyId)).length);
        },
        resultDiffers(z.array(accountRowSchema)),
      ),
  },
  enveloped(
    'contact phones',
    'Contact/GetContactPhones',
    z.array(phoneRecord).nullish(),
    (c) => ({ CurentsessionId: c.credential.upstreamSessionId }),
    '',
  ),
  enveloped(
    'system by CS#',
    'OnTest/GetSystemData',
    systemDataResult,
    (c) => (c.csNo ? { CurentsessionId: c.credential.upstreamSessionId, CsNo: c.csNo } : null),
    'no CS# in the feeds to read it for',
  ),
];
