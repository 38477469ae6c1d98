import type { WallShows } from '../../../../../shared/walls/wallApi';
import type { WallPairingApi } from './wallPairingApi';

/** What a wall display without a session shows. */
export type WallPairingState =
  | { kind: 'checking' }
  | { kind: 'waiting'; code: string; expiresAt: number }
  | { kind: 'paired'; wall: WallShows; pairing: number }
  /** The bridge cannot be reached; the last code (if any) stays up while it retries. */
  | { kind: 'offline'; code: string | null };

export interface WallPairingDeps {
  api: WallPairingApi;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How often a waiting wall asks whether it was paired (the wall shows itself within 5 s). */
export const POLL_MS = 1500;
/** How long an unreachable bridge is left before the next try. */
export const RETRY_MS = 3000;

/**
 * The pairing of a wall display, outside React (the page reads it with useSyncExternalStore):
 * a paired wall shows its agency; otherwise it asks for a code, shows it and polls until a user
 * pairs it; `removed()` (the live socket said the credential ended) starts over.
 */
export function createWallPairing(d: WallPairingDeps) {
  let state: WallPairingState = { kind: 'checking' };
  let timer: unknown = null;
  let running = false;
  let pairings = 0;
  /** Each start or restart; an answer of an older run is dropped. */
  let run = 0;
  const listeners = new Set<() => void>();

  const set = (next: WallPairingState) => {
    state = next;
    for (const l of listeners) l();
  };
  const later = (fn: () => void, ms: number) => {
    d.clearTimeout(timer);
    timer = d.setTimeout(fn, ms);
  };
  const shownCode = () => (state.kind === 'waiting' || state.kind === 'offline' ? state.code : null);

  async function step(mine: number, call: () => Promise<void>, retry: () => void) {
    try {
      await call();
    } catch {
      if (mine !== run) return;
      set({ kind: 'offline', code: shownCode() });
      later(retry, RETRY_MS);
    }
  }

  function check(mine: number) {
    void step(
      mine,
      async () => {
        const answer = await d.api.device();
        if (mine !== run) return;
        if (answer.state === 'paired') set({ kind: 'paired', wall: answer.wall, pairing: ++pairings });
        else ask(mine);
      },
      () => check(mine),
    );
  }

  function ask(mine: number) {
    void step(
      mine,
      async () => {
        const answer = await d.api.requestCode();
        if (mine !== run) return;
        settle(mine, answer);
      },
      () => ask(mine),
    );
  }

  function poll(mine: number) {
    void step(
      mine,
      async () => {
        const answer = await d.api.poll();
        if (mine !== run) return;
        settle(mine, answer);
      },
      () => poll(mine),
    );
  }

  function settle(mine: number, answer: Awaited<ReturnType<WallPairingApi['poll']>>) {
    if (answer.state === 'paired') return set({ kind: 'paired', wall: answer.wall, pairing: ++pairings });
    if (answer.state === 'none') return ask(mine);
    set({ kind: 'waiting', code: answer.code, expiresAt: answer.expiresAt });
    later(() => poll(mine), POLL_MS);
  }

  function restart() {
    d.clearTimeout(timer);
    const mine = ++run;
    check(mine);
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    start() {
      if (running) return;
      running = true;
      restart();
    },
    stop() {
      running = false;
      run++;
      d.clearTimeout(timer);
    },
    /** The wall's credential ended (removed in Settings): back to a pairing code. */
    removed() {
      if (!running || state.kind !== 'paired') return;
      set({ kind: 'checking' });
      restart();
    },
  };
}
export type WallPairing = ReturnType<typeof createWallPairing>;
