import type { ExtendedError } from 'socket.io';
import type { ConnectRefusal, ErrorMessage } from '../../shared/live/protocol';
import type { LiveSocket } from './liveServer';
import { withinDeadline } from '../support/withinDeadline';
import { createMemoryScreenCount, type ScreenCount } from './screenCount';

/**
 * A wall of displays plus a few tabs; more than this from one sign-in is a runaway script. The
 * bridge's LIVE_SCREENS_PER_SESSION and LIVE_RATE_SCALE change these for a larger wall.
 */
export const SCREENS_PER_SESSION = 20;

/**
 * How long a screen's handshake waits for one read (its session, its screen count). A read stuck
 * past it refuses the screen ('unavailable') or admits it uncounted, and the screen's client
 * retries, maybe on another bridge, instead of waiting in its handshake for ever: socket.io's
 * client has no deadline of its own once the connection is open.
 */
export const HANDSHAKE_READ_MS = 5000;

/**
 * Per-session budgets (token buckets shared by every screen of one sign-in), by kind of message.
 * A wall of 20 screens re-subscribing its two feeds after a bridge restart fits in `feed`'s burst.
 */
export const SESSION_RATES = {
  feed: { perSecond: 20, burst: 60 },
  presence: { perSecond: 10, burst: 30 },
  /** Listing and starting replays read files: few are needed, each costs a disk read. */
  replay: { perSecond: 1, burst: 5 },
  replayControl: { perSecond: 10, burst: 30 },
  /** Events the protocol does not know; refused (inboundGuard.ts), but still counted. */
  other: { perSecond: 2, burst: 5 },
} as const;
export type LimitedKind = keyof typeof SESSION_RATES;

// NOTE: a Map, not an object literal: an event named `toString` or `__proto__` must find nothing.
const KIND_OF_EVENT: ReadonlyMap<string, LimitedKind> = new Map<string, LimitedKind>([
  ['subscribe', 'feed'],
  ['unsubscribe', 'feed'],
  ['anomalies.list', 'feed'],
  ['presence', 'presence'],
  ['replay.list', 'replay'],
  ['replay.start', 'replay'],
  ['replay.control', 'replayControl'],
]);

/** What a dealer reads when a kind of message is refused. */
const SLOW_DOWN: Record<LimitedKind, string> = {
  feed: 'Too many feed requests from this sign-in; wait a moment and try again.',
  presence: 'Too many dialog updates from this sign-in; wait a moment and try again.',
  replay: 'Too many replay requests from this sign-in; wait a moment and try again.',
  replayControl: 'Too many replay controls from this sign-in; wait a moment and try again.',
  other: 'Too many unknown messages from this sign-in.',
};

/** A bucket idle this long is full again and can be forgotten. */
const IDLE_MS = 60_000;

interface Bucket {
  tokens: number;
  last: number;
}

/**
 * Abuse limits on the live side, per bridge session (not per socket, so opening more screens buys
 * no more budget): at most `maxScreens` sockets per session on every process together, and a token bucket
 * per session and kind of message over every inbound event. A refused message gets an `error`
 * event and, when it asked for one, a failed ack; it never reaches its handler.
 */
export function createScreenLimits(
  opts: {
    maxScreens?: number;
    rateScale?: number;
    clock?: () => number;
    /** Where open screens are counted: this process, or every process (Redis). */
    count?: ScreenCount;
    onCountError?: (e: unknown) => void;
    /** How long a handshake waits for the count before it admits the screen uncounted. */
    countDeadlineMs?: number;
  } = {},
) {
  const countDeadlineMs = opts.countDeadlineMs ?? HANDSHAKE_READ_MS;
  const maxScreens = opts.maxScreens ?? SCREENS_PER_SESSION;
  const count = opts.count ?? createMemoryScreenCount();
  const onCountError = opts.onCountError ?? (() => {});
  const scale = opts.rateScale ?? 1;
  const clock = opts.clock ?? Date.now;
  const buckets = new Map<string, Bucket>();
  let calls = 0;

  function forgetIdle(now: number) {
    for (const [k, b] of buckets) if (now - b.last > IDLE_MS) buckets.delete(k);
  }

  /** Takes one token of the session's `kind` budget; false when it is spent. */
  function allow(sessionId: string, kind: LimitedKind): boolean {
    const now = clock();
    if (++calls % 1000 === 0) forgetIdle(now);
    const rate = {
      perSecond: SESSION_RATES[kind].perSecond * scale,
      burst: SESSION_RATES[kind].burst * scale,
    };
    const key = `${sessionId}\n${kind}`;
    const b = buckets.get(key) ?? { tokens: rate.burst, last: now };
    b.tokens = Math.min(rate.burst, b.tokens + ((now - b.last) / 1000) * rate.perSecond);
    b.last = now;
    buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Rate limits every message of a screen, by its session's budget (a PacketCheck of inboundGuard.ts). */
  function withinRate(socket: LiveSocket, packet: unknown[]): boolean {
    const event = typeof packet[0] === 'string' ? packet[0] : '';
    const kind = KIND_OF_EVENT.get(event) ?? 'other';
    if (allow(socket.data.session.id, kind)) return true;
    const error: ErrorMessage = {
      code: 'rate_limited',
      message: SLOW_DOWN[kind],
      about: event.slice(0, 64),
    };
    socket.emit('error', error);
    const ack = packet[packet.length - 1];
    if (typeof ack === 'function') (ack as (a: unknown) => void)({ ok: false, error });
    return false;
  }

  /** Counts a screen out (a refused or closed socket). */
  function release(socket: LiveSocket) {
    void count.close(socket.data.session.id, socket.id).catch(onCountError);
  }

  return {
    allow,
    withinRate,
    /** Called when an admitted screen disconnects. */
    release,
    /**
     * Handshake middleware, registered after the one that sets `socket.data.session`: refuses a
     * socket beyond `maxScreens` for its session. The others are rate limited by `withinRate`
     * and counted out by `release` (attachLive.ts).
     */
    async admit(socket: LiveSocket, next: (err?: ExtendedError) => void) {
      // NOTE: a count that cannot be read, or not in time, admits the screen: a Redis outage must
      // not blank walls, nor a count that never answers hold a screen in its handshake for ever.
      const open = await withinDeadline(
        count.open(socket.data.session.id, socket.id),
        countDeadlineMs,
        'screen count',
      ).catch((e: unknown) => {
        onCountError(e);
        return 1;
      });
      if (open > maxScreens) {
        release(socket);
        const refusal: ConnectRefusal = 'too_many_screens';
        const err: ExtendedError = new Error(refusal);
        err.data = {
          message: `This sign-in already has ${maxScreens} live screens open; close one to open another.`,
        };
        return next(err);
      }
      next();
    },
    close() {
      count.stop();
    },
  };
}
export type ScreenLimits = ReturnType<typeof createScreenLimits>;
