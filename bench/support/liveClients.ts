import { createLiveClient, type LiveClient } from '../../client/src/lib/live/liveClient';
import type { FeedHandle } from '../../client/src/lib/live/feedHandle';
import type { FeedRef } from '../../shared/live/protocol';
import { fingerprint } from './fingerprint';
import { wallNow } from './report';

interface Watched {
  key: string;
  handle: FeedHandle;
  /** Every change of the connection state, with its time. */
  states: [number, string][];
}

interface Tab {
  client: LiveClient;
  feeds: Watched[];
  snapshots: number[];
  connects: number[];
  refusals: string[];
  /** When each reconnection attempt started (socket.io's manager). */
  attempts: number[];
}

/**
 * Browser tabs as the product runs them: the real live client (client/src/lib/live), one socket
 * per tab with its reconnection policy, one handle (replica + connection machine) per feed.
 */
export class LiveClients {
  private tabs: Tab[] = [];

  async open(url: string, cookie: string, refs: FeedRef[]) {
    const client = createLiveClient({ url, socketOptions: { forceNew: true, extraHeaders: { cookie } } });
    const tab: Tab = { client, feeds: [], snapshots: [], connects: [], refusals: [], attempts: [] };
    client.socket.on('snapshot', () => tab.snapshots.push(wallNow()));
    client.socket.on('connect', () => tab.connects.push(wallNow()));
    client.socket.on('connect_error', (e) => tab.refusals.push(e.message));
    client.socket.io.on('reconnect_attempt', () => tab.attempts.push(wallNow()));
    for (const ref of refs) {
      const { handle } = client.feed(ref);
      const w: Watched = {
        key: `${ref.feed}:${ref.agencyId}`,
        handle,
        states: [[wallNow(), handle.getSnapshot().state]],
      };
      handle.subscribe(() => {
        const s = handle.getSnapshot().state;
        if (w.states[w.states.length - 1][1] !== s) w.states.push([wallNow(), s]);
      });
      tab.feeds.push(w);
    }
    this.tabs.push(tab);
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('not live within 30 s')), 30_000);
      const check = () => {
        if (tab.feeds.every((f) => f.handle.getSnapshot().state === 'live')) {
          clearTimeout(t);
          resolve();
        } else setTimeout(check, 20);
      };
      check();
    });
  }

  /** Waits until every tab is live, or every tab that is not is signed out ('ended'), or the timeout. */
  async waitLive(timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const notLive = this.tabs.filter((t) => t.feeds.some((f) => f.handle.getSnapshot().state !== 'live'));
      const ended = notLive.filter((t) =>
        t.feeds.every((f) => f.handle.getSnapshot().state === 'ended'),
      ).length;
      if (notLive.length === ended || Date.now() > until) return { notLive: notLive.length, ended };
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * For each tab, after `since`: when it went offline, when every feed was live again, how many
   * resyncs (a gap: live to resyncing without going offline) and snapshots it had.
   */
  report(since: number) {
    return this.tabs.map((tab) => {
      let wentOffline = false;
      let backAt = 0;
      let gaps = 0;
      let allBack = true;
      for (const f of tab.feeds) {
        const after = f.states.filter(([t]) => t >= since);
        const off = after.findIndex(([, s]) => s === 'offline');
        if (off >= 0) wentOffline = true;
        const live = off >= 0 ? after.slice(off).find(([, s]) => s === 'live') : undefined;
        if (off >= 0 && !live) allBack = false;
        if (live) backAt = Math.max(backAt, live[0]);
        for (let i = 1; i < after.length; i++)
          if (after[i][1] === 'resyncing' && (after[i - 1][1] === 'live' || after[i - 1][1] === 'stale'))
            gaps++;
      }
      const final = tab.feeds.map((f) => f.handle.getSnapshot().state);
      const reconnectedAt = tab.connects.find((t) => t >= since) ?? 0;
      const lastAttemptAt = tab.attempts.filter((t) => t <= reconnectedAt).pop() ?? 0;
      return {
        wentOffline,
        allBack,
        backAt,
        reconnectedAt,
        lastAttemptAt,
        attempts: tab.attempts.filter((t) => t >= since).length,
        gaps,
        snapshots: tab.snapshots.filter((t) => t >= since).length,
        final,
        refusals: [...new Set(tab.refusals)],
      };
    });
  }

  fingerprints() {
    const out: Record<string, Record<string, number>> = {};
    for (const tab of this.tabs) {
      for (const f of tab.feeds) {
        const fp = fingerprint(f.handle.rows.values());
        (out[f.key] ??= {})[fp] = (out[f.key][fp] ?? 0) + 1;
      }
    }
    return out;
  }

  close() {
    for (const t of this.tabs) t.client.close();
    this.tabs = [];
  }
}
