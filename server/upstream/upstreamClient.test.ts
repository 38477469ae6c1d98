import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createUpstreamClient } from './upstreamClient';

/** A fetch that answers HTTP 502 `failures` times, then a valid envelope. */
function flakyFetch(failures: number) {
  let calls = 0;
  const f = (async () => {
    calls++;
    if (calls <= failures) return new Response('bad gateway', { status: 502 });
    return new Response(JSON.stringify({ isSessionValid: true, apiStatus: true, result: 7, errors: [] }), {
      status: 200,
    });
  }) as typeof fetch;
  return { fetch: f, calls: () => calls };
}

describe('the upstream client and the request budget', () => {
  it('runs every attempt of a call through eachAttempt, retries included', async () => {
    const upstream = flakyFetch(2);
    const client = createUpstreamClient({
      baseUrl: 'http://upstream.test',
      timeoutMs: 1000,
      fetch: upstream.fetch,
      backoffMs: 1,
    });
    let slots = 0;
    const answer = await client.call({
      method: 'POST',
      path: 'AlarmBuffer/GetEventLogs',
      result: z.number(),
      retry: true,
      eachAttempt: async (attempt) => {
        slots++;
        return attempt();
      },
    });
    expect(answer.result).toBe(7);
    expect(upstream.calls()).toBe(3);
    expect(slots).toBe(3);
  });
});
