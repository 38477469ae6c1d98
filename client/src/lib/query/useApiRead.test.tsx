import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { getEnvelope } from '../api/apiClient';
import { createQueryClient } from './queryClient';
import { QueryProvider } from './QueryProvider';
import { useApiRead, type ReadOutcome } from './useApiRead';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeBridge(answers: Array<(signal: AbortSignal | undefined) => Promise<Response>>) {
  const signals: Array<AbortSignal | undefined> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const signal = init?.signal ?? undefined;
      signals.push(signal);
      return answers.shift()!(signal);
    }),
  );
  return signals;
}

/** An answer that waits until the request is aborted, then fails as fetch does. */
const hangs = (signal: AbortSignal | undefined) =>
  new Promise<Response>((_, reject) =>
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryProvider client={createQueryClient({ retryDelay: 0 })}>{children}</QueryProvider>
);
const names = z.array(z.string());
const search = (q: string) => (signal: AbortSignal) =>
  getEnvelope('/api/Search', names, { query: { q }, signal });

describe('a read the user starts', () => {
  it('cancels the search on its way when a newer one starts, and gives only the newer answer', async () => {
    const signals = fakeBridge([
      hangs,
      async () => json(200, { isSessionValid: true, apiStatus: true, result: ['Acme'], errors: [] }),
    ]);
    const { result } = renderHook(() => useApiRead(), { wrapper });
    let first!: Promise<ReadOutcome<string[]>>;
    act(() => {
      first = result.current.read(['search', 'a'], search('a'));
    });
    expect(result.current.busy).toBe(true);
    let second!: ReadOutcome<string[]>;
    await act(async () => {
      second = await result.current.read(['search', 'ac'], search('ac'));
    });
    expect(second).toEqual({ ok: true, data: ['Acme'] });
    expect(await first).toEqual({ ok: false, message: null });
    expect(signals[0]?.aborted).toBe(true);
    expect(result.current.busy).toBe(false);
  });

  it('gives the spec’s message for a failure and none for an expired session', async () => {
    fakeBridge([
      async () =>
        json(200, { isSessionValid: true, apiStatus: false, result: null, errors: ['No site found.'] }),
      async () => json(401, { error: 'session_expired', message: 'x' }),
    ]);
    const { result } = renderHook(() => useApiRead(), { wrapper });
    await act(async () => {
      expect(await result.current.read(['search', 'x'], search('x'))).toEqual({
        ok: false,
        message: 'No site found.',
      });
      expect(await result.current.read(['search', 'y'], search('y'))).toEqual({ ok: false, message: null });
    });
  });

  it('cancels the search when the panel closes', async () => {
    const signals = fakeBridge([hangs]);
    const { result, unmount } = renderHook(() => useApiRead(), { wrapper });
    let pending!: Promise<ReadOutcome<string[]>>;
    act(() => {
      pending = result.current.read(['search', 'z'], search('z'));
    });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    unmount();
    expect(await pending).toEqual({ ok: false, message: null });
    expect(signals[0]?.aborted).toBe(true);
  });
});
