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
  /** Feeds of this tab now live, and now ended (kept as states change, not counted when asked). */
  counted: boolean;
  live: number;
  ended: number;
  /** Called whenever every feed of the tab is live. */
  onAllLive: (() => void) | null;
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
  /** Tabs with a feed not live, and of those the tabs whose every feed ended (signed out). */
  private notLive = 0;
  private allEnded = 0;

  /** A feed of `tab` went from state `from` to `to`: the counts follow. */
  private moved(tab: Tab, from: string | null, to: string) {
    const n = tab.feeds.length;
    const wasLive = tab.live === n;
    const wasEnded = tab.ended === n;
    if (from === 'live') tab.live--;
    if (from === 'ended') tab.ended--;
    if (to === 'live') tab.live++;
    if (to === 'ended') tab.ended++;
    const isLive = tab.live === n;
    const isEnded = tab.ended === n;
    if (wasLive !== isLive) this.notLive += isLive ? -1 : 1;
    if (wasEnded !== isEnded) this.allEnded += isEnded ? 1 : -1;
    if (isLive) tab.onAllLive?.();
  }

  async open(url: string, cookie: string, refs: FeedRef[]) {
    const client = createLiveClient({ url, socketOptions: { forceNew: true, extraHeaders: { cookie } } });
    const tab: Tab = {
      client,
      feeds: [],
      counted: false,
      live: 0,
      ended: 0,
      onAllLive: null,
      snapshots: [],
      connects: [],
      refusals: [],
      attempts: [],
    };
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
        const last = w.states[w.states.length - 1][1];
        if (last === s) return;
        w.states.push([wallNow(), s]);
        if (tab.counted) this.moved(tab, last, s);
      });
      tab.feeds.push(w);
    }
    tab.counted = true;
    tab.live = tab.feeds.filter((f) => f.states[f.states.length - 1][1] === 'live').length;
    tab.ended = tab.feeds.filter((f) => f.states[f.states.length - 1][1] === 'ended').length;
    if (tab.live !== tab.feeds.length) this.notLive++;
    if (tab.ended === tab.feeds.length) this.allEnded++;
    this.tabs.push(tab);
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => {
        tab.onAllLive = null;
        reject(new Error('not live within 30 s'));
      }, 30_000);
      tab.onAllLive = () => {
        tab.onAllLive = null;
        clearTimeout(t);
        resolve();
      };
      if (tab.live === tab.feeds.length) tab.onAllLive();
    });
  }

  /** Waits until every tab is live, or every tab that is not is signed out ('ended'), or the timeout. */
  async waitLive(timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    // NOTE: the counts follow each state change; looking every 50 ms costs nothing per tab, so the
    // 1,000 tabs' process spends its CPU on the tabs, not on watching them.
    while (this.notLive !== this.allEnded && Date.now() <= until) await new Promise((r) => setTimeout(r, 50));
    return { notLive: this.notLive, ended: this.allEnded };
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
    this.notLive = this.allEnded = 0;
  }
}
