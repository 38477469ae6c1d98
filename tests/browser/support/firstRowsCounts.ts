import type { Page } from 'playwright-core';

/**
 * What a screen needed before its first row was on the page, as counts (issue 38): bytes it
 * received (HTTP bodies as transferred, plus live-feed frames), rows the live feeds delivered,
 * and script it fetched. Counts, not timings: the same page gives the same figures on a fast
 * machine and a slow one, so a test may gate them and a bench may print them beside its timings.
 *
 * Measured in the page, on one clock: an init script counts every WebSocket frame (and the rows
 * of each `snapshot`/`snapshot.rest` in it) and a MutationObserver notes the moment the first
 * `[data-row-id]` is attached; HTTP bodies are the resource timings that ended before it.
 * NOTE: frame bytes are as the page got them, after the browser inflated any compressed frame.
 */
export interface FirstRowsCounts {
  /**
   * HTTP bytes on the wire (document and resources) plus live-feed frame bytes, before the first
   * row; the rest of a snapshot sent in parts (`snapshot.rest`) is not counted: the first rows do
   * not need it, and a slow page may get it before its first paint.
   */
  bytes: number;
  /** Of which live-feed frames. */
  frameBytes: number;
  /** Rows the live feeds' first snapshots (`snapshot`) delivered before the first row was on the page. */
  rows: number;
  /** The same, by feed (`events`, `alarms`, `systemsOnTest`): each at most the page it shows. */
  feedRows: Record<string, number>;
  /** Rows and bytes of the rest (`snapshot.rest`) that also arrived before the first row. */
  restRows: number;
  restBytes: number;
  /** Script fetched before the first row (decoded bytes: what the browser parsed and evaluated). */
  scriptBytes: number;
  /** The paths of those scripts (`/assets/shell-….js`): what a test may read from the build. */
  scripts: string[];
  /**
   * Whether the signed-in shell's chunk was asked for only once the session check had answered (a
   * round trip and a download in a row); null when either is not among the page's requests.
   */
  shellWaitedForSession: boolean | null;
  /**
   * Collations made before the first row (`Intl.Collator`s and `localeCompare` calls): the
   * first of a page loads the locale's collation data, which the first screen does not need.
   */
  collations: number;
  /**
   * Locale formats made before the first row (`Intl.NumberFormat`s, `Intl.DateTimeFormat`s, and
   * `toLocaleString`-like calls of numbers and dates): the first of a page loads the locale's
   * data, 55-130 ms at full speed on the test host.
   */
  localeFormats: number;
  /** Milliseconds from navigation start to the first row (a timing, for the bench only). */
  atMs: number;
}

declare global {
  interface Window {
    /** `collations`, `localeFormats`: as in FirstRowsCounts, counted on after the first row too. */
    __firstRows?: { frozen: FirstRowsCounts | null; collations: number; localeFormats: number };
  }
}

/**
 * The page's side, as plain JavaScript text: a function passed from here would carry the names
 * tsx/esbuild give functions (`__name`), which the page does not define.
 */
const INIT_SCRIPT = `(() => {
  const state = { frameBytes: 0, rows: 0, feedRows: {}, restRows: 0, restBytes: 0, collations: 0, localeFormats: 0, at: null, frozen: null };
  window.__firstRows = state;
  const NativeCollator = Intl.Collator;
  const CountingCollator = function (locales, options) {
    state.collations++;
    return new NativeCollator(locales, options);
  };
  CountingCollator.prototype = NativeCollator.prototype;
  CountingCollator.supportedLocalesOf = NativeCollator.supportedLocalesOf;
  Intl.Collator = CountingCollator;
  const nativeLocaleCompare = String.prototype.localeCompare;
  String.prototype.localeCompare = function (...args) {
    state.collations++;
    return nativeLocaleCompare.apply(this, args);
  };
  // Both may be called with or without new.
  for (const name of ['NumberFormat', 'DateTimeFormat']) {
    const Native = Intl[name];
    const Counting = function (locales, options) {
      state.localeFormats++;
      return new Native(locales, options);
    };
    Counting.prototype = Native.prototype;
    Counting.supportedLocalesOf = Native.supportedLocalesOf;
    Intl[name] = Counting;
  }
  for (const [proto, names] of [
    [Number.prototype, ['toLocaleString']],
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
  ])
    for (const name of names) {
      const native = proto[name];
      proto[name] = function (...args) {
        state.localeFormats++;
        return native.apply(this, args);
      };
    }
  const Native = window.WebSocket;
  // The event and rows of a socket.io frame: 42/live,["snapshot",{...}].
  const messageOf = (data) => {
    if (!data.startsWith('42')) return null;
    const open = data.indexOf('[');
    if (open < 0) return null;
    try {
      const [event, body] = JSON.parse(data.slice(open));
      const rows = body && Array.isArray(body.rows) ? body.rows.length : 0;
      return { event, feed: body && typeof body.feed === 'string' ? body.feed : '?', rows };
    } catch {
      return null;
    }
  };
  const encoder = new TextEncoder();
  class CountingSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      // Registered before the page's own handler: counted as the frame arrives.
      this.addEventListener('message', (e) => {
        if (state.at !== null) return;
        const data = e.data;
        if (typeof data === 'string') {
          const bytes = encoder.encode(data).length;
          const message = messageOf(data);
          if (message && message.event === 'snapshot.rest') {
            state.restBytes += bytes;
            state.restRows += message.rows;
            return;
          }
          state.frameBytes += bytes;
          if (message && message.event === 'snapshot') {
            state.rows += message.rows;
            state.feedRows[message.feed] = (state.feedRows[message.feed] || 0) + message.rows;
          }
        } else if (data instanceof ArrayBuffer) state.frameBytes += data.byteLength;
        else if (data instanceof Blob) state.frameBytes += data.size;
      });
    }
  }
  window.WebSocket = CountingSocket;
  const freeze = () => {
    const at = performance.now();
    state.at = at;
    const ended = performance.getEntriesByType('resource').filter((r) => r.responseEnd <= at);
    const nav = performance.getEntriesByType('navigation')[0];
    const http = ended.reduce((s, r) => s + r.transferSize, nav ? nav.transferSize : 0);
    const scriptEntries = ended.filter((r) => /\\.m?js(\\?|$)/.test(r.name));
    const scriptBytes = scriptEntries.reduce((s, r) => s + r.decodedBodySize, 0);
    const all = performance.getEntriesByType('resource');
    const shell = all.find((r) => /\\/assets\\/shell-[^/]*\\.js$/.test(r.name));
    const session = all.find((r) => new URL(r.name).pathname === '/api/session');
    state.frozen = {
      shellWaitedForSession: shell && session ? shell.startTime >= session.responseEnd : null,
      collations: state.collations,
      localeFormats: state.localeFormats,
      bytes: http + state.frameBytes,
      frameBytes: state.frameBytes,
      rows: state.rows,
      feedRows: state.feedRows,
      restRows: state.restRows,
      restBytes: state.restBytes,
      scriptBytes,
      scripts: scriptEntries.map((r) => new URL(r.name).pathname),
      atMs: Math.round(at),
    };
  };
  const observer = new MutationObserver(() => {
    if (state.at === null && document.querySelector('[data-row-id]')) {
      observer.disconnect();
      freeze();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

/** Installs the counters; call before `page.goto`. */
export async function countFirstRows(page: Page): Promise<void> {
  await page.addInitScript({ content: INIT_SCRIPT });
}

/** The counts once the first row is on the page. */
export async function firstRowsCounts(page: Page, timeoutMs = 30_000): Promise<FirstRowsCounts> {
  await page.waitForFunction(() => window.__firstRows?.frozen != null, undefined, { timeout: timeoutMs });
  return page.evaluate(() => window.__firstRows!.frozen!);
}
