import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import type { QueryClient } from '@tanstack/react-query';
import { post } from '../api/apiClient';
import { initialSessionView, SessionViewContext, type SessionView } from '../session/sessionView';
import { createQueryClient } from './queryClient';
import { QueryProvider } from './QueryProvider';
import { useApiMutation } from './useApiMutation';
import { useEnvelopeQuery } from './useApiQuery';
import { testProfile } from '../testing/renderWithProviders';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profileOf = (agencyId: string) => testProfile({ agencyId, servco_no: agencyId });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (result: unknown) =>
  json(200, { isSessionValid: true, apiStatus: true, result, errors: [] });
const agencyOf = (url: string) => new URL(url, 'http://x').searchParams.get('agencyId');

/** Answers each call with the agency it asked for; `script` overrides the first answers in turn. */
function fakeBridge(script: Array<() => Response | Promise<Response>> = []) {
  const calls: Array<{ url: string; signal: AbortSignal | undefined }> = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, signal: init?.signal ?? undefined });
    const next = script.shift();
    return next ? next() : envelope([{ name: `sites of ${agencyOf(url)}` }]);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const rows = z.array(z.object({ name: z.string() }));

function SiteList() {
  const view = { agencyId: useAgency() };
  const sites = useEnvelopeQuery('/api/Sites', view, rows);
  if (sites.status === 'loading') return <p>Loading</p>;
  if (sites.status === 'error') return <p role="alert">{sites.message}</p>;
  if (sites.status === 'expired') return <p>expired</p>;
  if (sites.status !== 'ready') return <p>No records found</p>;
  return <p>{sites.data.map((s) => s.name).join(', ')}</p>;
}

let agencyShown = '100';
const useAgency = () => agencyShown;

function signedIn(agencyId: string, companyEpoch: number): SessionView {
  agencyShown = agencyId;
  return { ...initialSessionView, status: 'signedIn', profile: profileOf(agencyId), companyEpoch };
}

function mount(client: QueryClient, view: SessionView, ui = <SiteList />) {
  // Like the route guard, screens show only while someone is signed in.
  const tree = (v: SessionView) => (
    <SessionViewContext.Provider value={v}>
      <QueryProvider client={client}>{v.status === 'signedIn' ? ui : null}</QueryProvider>
    </SessionViewContext.Provider>
  );
  const r = render(tree(view));
  return { ...r, session: (v: SessionView) => r.rerender(tree(v)) };
}

const newClient = () => createQueryClient({ retryDelay: 0 });

describe('the client data layer', () => {
  it('drops the old company’s cache on a company switch and loads again for the new one', async () => {
    const calls = fakeBridge();
    const client = newClient();
    const app = mount(client, signedIn('100', 0));
    expect(await screen.findByText('sites of 100')).toBeTruthy();

    app.session(signedIn('200', 1));
    expect(await screen.findByText('sites of 200')).toBeTruthy();
    expect(calls.map((c) => agencyOf(c.url))).toEqual(['100', '200']);
    expect(client.getQueryCache().findAll({ queryKey: ['scope'] })).toHaveLength(1);

    // Choosing the first company again loads it afresh: nothing of it was kept.
    app.session(signedIn('100', 2));
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('sites of 100')).toBeTruthy();
    expect(calls).toHaveLength(3);
  });

  it('clears the whole cache when the user signs out', async () => {
    fakeBridge();
    const client = newClient();
    const app = mount(client, signedIn('100', 0));
    expect(await screen.findByText('sites of 100')).toBeTruthy();
    expect(client.getQueryCache().getAll()).toHaveLength(1);

    app.session({ ...initialSessionView, status: 'signedOut' });
    await waitFor(() => expect(client.getQueryCache().getAll()).toEqual([]));
  });

  it('tries a read again after a 5xx or a network failure', async () => {
    const calls = fakeBridge([
      () => json(502, { error: 'upstream_unreachable', message: 'x' }),
      () => Promise.reject(new TypeError('network down')),
    ]);
    mount(newClient(), signedIn('100', 0));
    expect(await screen.findByText('sites of 100')).toBeTruthy();
    expect(calls).toHaveLength(3);
  });

  it('shows a 4xx at once, with the API’s own errors as the message', async () => {
    const calls = fakeBridge([
      () => json(400, { error: 'bad_request', message: 'x' }),
      () =>
        json(200, {
          isSessionValid: true,
          apiStatus: false,
          result: null,
          errors: ['Agency not found.', 'Try again.'],
        }),
    ]);
    mount(newClient(), signedIn('100', 0));
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to process your request.');
    expect(calls).toHaveLength(1);
    cleanup();

    mount(newClient(), signedIn('100', 0));
    expect((await screen.findByRole('alert')).textContent).toBe('Agency not found.\nTry again.');
    expect(calls).toHaveLength(2);
  });

  it('does not try again when the session has expired', async () => {
    const calls = fakeBridge([() => json(401, { error: 'session_expired', message: 'x' })]);
    mount(newClient(), signedIn('100', 0));
    expect(await screen.findByText('expired')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('never sends a change twice, even after a 5xx', async () => {
    const calls = fakeBridge([() => json(503, { error: 'unavailable', message: 'x' })]);
    function SaveButton() {
      const save = useApiMutation(() => post('/api/Settings/Save', { x: 1 }));
      return (
        <>
          <button onClick={() => save.start()}>Save</button>
          <p>{save.status}</p>
          {save.message ? <p role="alert">{save.message}</p> : null}
        </>
      );
    }
    mount(newClient(), signedIn('100', 0), <SaveButton />);
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('Unable to process your request.');
    expect(screen.getByText('error')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('cancels the request when the screen closes before the answer', async () => {
    const calls = fakeBridge([() => new Promise<Response>(() => undefined)]);
    const app = mount(newClient(), signedIn('100', 0));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].signal?.aborted).toBe(false);
    app.unmount();
    await waitFor(() => expect(calls[0].signal?.aborted).toBe(true));
  });

  it('makes one request for two components that ask for the same data', async () => {
    const calls = fakeBridge();
    mount(
      newClient(),
      signedIn('100', 0),
      <>
        <SiteList />
        <SiteList />
      </>,
    );
    expect(await screen.findAllByText('sites of 100')).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });
});
