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

describe('an upstream that asks to wait', () => {
  it('a 503 with Retry-After is not retried sooner, and says how long to wait', async () => {
    let calls = 0;
    const client = createUpstreamClient({
      baseUrl: 'http://upstream.test',
      timeoutMs: 1000,
      backoffMs: 1,
      fetch: (async () => {
        calls++;
        return new Response('busy', { status: 503, headers: { 'retry-after': '7' } });
      }) as typeof fetch,
    });
    const failed = await client
      .call({ method: 'POST', path: 'AlarmBuffer/GetEventLogs', result: z.number(), retry: true })
      .catch((e: unknown) => e);
    expect(calls).toBe(1);
    expect(failed).toMatchObject({ kind: 'http', details: { status: 503, retryAfterMs: 7000 } });
  });

  it('a Retry-After on a 500 is no request to wait: the 500 is retried as before', async () => {
    const status = [503, 500];
    let calls = 0;
    const client = createUpstreamClient({
      baseUrl: 'http://upstream.test',
      timeoutMs: 1000,
      backoffMs: 1,
      retries: 1,
      fetch: (async () => {
        calls++;
        return new Response('busy', { status: status.shift() ?? 500, headers: { 'retry-after': '7' } });
      }) as typeof fetch,
    });
    const failed = await client
      .call({ method: 'POST', path: 'AlarmBuffer/GetEventLogs', result: z.number(), retry: true })
      .catch((e: unknown) => e);
    // The 503 said 7 s: no retry. Then the next call's 500 with a Retry-After is retried.
    expect(calls).toBe(1);
    expect(failed).toMatchObject({ details: { retryAfterMs: 7000 } });
    const second = await client
      .call({ method: 'POST', path: 'AlarmBuffer/GetEventLogs', result: z.number(), retry: true })
      .catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(second).toMatchObject({ details: { status: 500 } });
    expect((second as { details: object }).details).not.toHaveProperty('retryAfterMs');
  });
});
