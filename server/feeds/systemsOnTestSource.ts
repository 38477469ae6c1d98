import { z } from 'zod';
import { diffRows } from '../../shared/live/diff';
import type { FeedRef } from '../../shared/live/protocol';
import { systemOnTestRowSchema, type SystemOnTestRow } from '../../shared/upstream/onTestRows';
import type { UpstreamClient } from '../upstream/upstreamClient';
import type { FeedCredential } from '../rights/upstreamCredential';
import type { PollOutcome, PollRead } from './feedTypes';

export type FetchSystemsOnTest = (read: PollRead) => Promise<{ rows: SystemOnTestRow[]; bytes: number }>;

const listResult = z
  .array(systemOnTestRowSchema)
  .nullish()
  .transform((v) => v ?? []);

/** The systems-on-test list's upstream call and its newest-first column (FEED_KINDS reads them here). */
export const SYSTEMS_ON_TEST_CALL = {
  path: 'OnTest/GetUnclearedSystems',
  sortColumn: 'effective_date',
} as const;

/** `OnTest/GetUnclearedSystems` for the whole agency: its tests not cleared or expired, validated. */
export async function fetchSystemsOnTest(
  upstream: UpstreamClient,
  ref: FeedRef,
  cred: FeedCredential,
  signal?: AbortSignal,
) {
  const res = await upstream.call({
    method: 'GET',
    path: SYSTEMS_ON_TEST_CALL.path,
    sessionId: cred.upstreamSessionId,
    query: { CurentsessionId: cred.upstreamSessionId, AgencyId: ref.agencyId },
    result: listResult,
    retry: true,
    signal,
  });
  return { rows: res.result, bytes: res.bytes };
}

/**
 * The systems-on-test side of an agency feed
 * (docs/product/live-alarms-and-testing.md#alarm-testing): the list is one answer of a few hundred
 * rows at most, read whole each poll and diffed by seqno, so a test placed, extended or cleared on
 * any screen reaches every screen of the agency within one poll.
 */
export function createSystemsOnTestSource(o: { fetchList: FetchSystemsOnTest }) {
  return {
    async poll(
      state: ReadonlyMap<string, SystemOnTestRow>,
      read: PollRead,
    ): Promise<PollOutcome<SystemOnTestRow>> {
      const res = await o.fetchList(read);
      const next = new Map<string, SystemOnTestRow>();
      for (const r of res.rows) next.set(r.id, r);
      return { changes: diffRows(state, next), full: false, requests: 1, bytes: res.bytes };
    },
    reset() {},
  };
}
