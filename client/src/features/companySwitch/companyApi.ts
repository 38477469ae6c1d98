import * as z from 'zod/mini';
import { post, postEnvelope } from '../../lib/api/apiClient';
import { sessionAnswerSchema, type SessionAnswer } from '../../lib/session/sessionAnswer';

/**
 * The bridge applies the switch rules of docs/product/shell-session-search.md#states and answers
 * the new profile.
 */
export function switchServiceCompany(servcoNo: string, signal?: AbortSignal): Promise<SessionAnswer> {
  return post('/api/session/company', { servco_no: servcoNo }, { schema: sessionAnswerSchema(), signal });
}

/**
 * The dealer banner image name of a company (docs/product/shell-session-search.md#calls). An empty
 * answer means none.
 */
export async function fetchDealerBanner(servcoNo: string, signal?: AbortSignal): Promise<string | null> {
  const name = await postEnvelope(
    '/api/Contact/GetDealerBannerByServcoNo',
    z.optional(z.nullable(z.string())),
    { query: { ServcoNo: servcoNo }, signal },
  );
  return name && name.trim() ? name.trim() : null;
}
