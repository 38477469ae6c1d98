import WebSocket from 'ws';
import { PROTOCOL_VERSION } from '../../shared/live/protocol';
import { wallNow } from './report';

/**
 * A screen that speaks the socket.io wire protocol (engine.io 4, socket.io 5) over a bare `ws`
 * socket, so that one process can hold thousands of screens and still timestamp each message as it
 * arrives: the harness must not be what a fan-out figure measures. It parses no row: it reads the
 * event name, the feed, `seq` and `at` from the text, and counts bytes.
 */
export interface Arrival {
  /** Feed key `events:21001`. */
  key: string;
  seq: number;
  t: number;
  bytes: number;
  text: string;
}

export interface LightScreenOptions {
  url: string;
  cookie?: string;
  onDelta(screen: LightScreen, a: Arrival): void;
  onSnapshot?(screen: LightScreen, a: Arrival): void;
  onClose?(screen: LightScreen): void;
}

/** An arrival whose text is decoded from its frame when first read. */
class FrameArrival implements Arrival {
  readonly bytes: number;
  constructor(
    readonly key: string,
    readonly seq: number,
    readonly t: number,
    private frame: Buffer,
    private decoded: string | null,
  ) {
    this.bytes = frame.length;
  }
  get text() {
    return (this.decoded ??= this.frame.toString());
  }
}

const NSP = '/live';
const deltaRe = /"feed":"(\w+)","agencyId":"([^"]+)","epoch":"[^"]*","seq":(\d+)/;

export class LightScreen {
  ws: WebSocket;
  counts = new Map<string, number>();
  snapshots = new Map<string, { seq: number; bytes: number }>();
  /** Per feed, the last seq this screen holds: its snapshot's, then each delta's. */
  lastSeq = new Map<string, number>();
  /** Deltas past last + 1 (one or more lost), and deltas at or below last (sent twice). */
  gaps = 0;
  duplicates = 0;
  /** Seqs of deltas that came before their feed's snapshot (the bridge joins the room first). */
  private early = new Map<string, number[]>();
  private acks = new Map<number, (a: unknown) => void>();
  private nextAck = 1;
  private ready: Promise<void>;

  constructor(private o: LightScreenOptions) {
    const base = o.url.replace(/^http/, 'ws');
    this.ws = new WebSocket(`${base}/socket.io/?EIO=4&transport=websocket`, {
      headers: o.cookie ? { cookie: o.cookie } : {},
      perMessageDeflate: false,
      // The server's frames are trusted here: checking each one's UTF-8 is harness work.
      skipUTF8Validation: true,
    });
    this.ready = new Promise((resolve, reject) => {
      this.ws.once('error', reject);
      this.ws.on('close', () => o.onClose?.(this));
      this.ws.on('message', (data: Buffer) => {
        const t = wallNow();
        const head = data.toString('latin1', 0, Math.min(24, data.length));
        if (head === '2') return this.ws.send('3');
        if (head[0] === '0') return this.ws.send(`40${NSP},{"protocol":${PROTOCOL_VERSION}}`);
        if (head.startsWith(`40${NSP},`)) return resolve();
        if (head.startsWith(`44${NSP},`)) return reject(new Error(data.toString()));
        if (head.startsWith(`42${NSP},["delta"`)) return this.arrive(data, t, false);
        if (head.startsWith(`42${NSP},["snapshot"`)) return this.arrive(data, t, true);
        if (head.startsWith(`43${NSP},`)) {
          const s = data.toString();
          const m = /^43\/live,(\d+)/.exec(s)!;
          const id = Number(m[1]);
          this.acks.get(id)?.(JSON.parse(s.slice(m[0].length))[0]);
          this.acks.delete(id);
        }
      });
    });
  }

  private arrive(data: Buffer, t: number, snapshot: boolean) {
    // NOTE: only the head is decoded to find the feed and seq; a delta's whole text is decoded when
    // a reader asks for it (the first copy of each seq), not once per screen.
    const head = data.toString('utf8', 0, Math.min(400, data.length));
    const m = deltaRe.exec(head) ?? deltaRe.exec(data.toString());
    if (!m) return;
    const a = new FrameArrival(`${m[1]}:${m[2]}`, Number(m[3]), t, data, snapshot ? head : null);
    if (snapshot) {
      this.snapshots.set(a.key, { seq: a.seq, bytes: a.bytes });
      this.follow(a.key, a.seq, true);
      this.o.onSnapshot?.(this, a);
    } else {
      this.counts.set(a.key, (this.counts.get(a.key) ?? 0) + 1);
      this.follow(a.key, a.seq, false);
      this.o.onDelta(this, a);
    }
  }

  /** Checks a feed's sequence: each delta must be last + 1 (gaps and duplicates are counted). */
  private follow(key: string, seq: number, snapshot: boolean) {
    if (snapshot) {
      this.lastSeq.set(key, seq);
      const early = this.early.get(key) ?? [];
      this.early.delete(key);
      // The deltas the snapshot already holds are dropped, as the product's client drops them.
      for (const s of early.sort((x, y) => x - y)) if (s > seq) this.follow(key, s, false);
      return;
    }
    const last = this.lastSeq.get(key);
    if (last === undefined) {
      const early = this.early.get(key);
      if (early) early.push(seq);
      else this.early.set(key, [seq]);
    } else if (seq <= last) this.duplicates++;
    else {
      if (seq !== last + 1) this.gaps++;
      this.lastSeq.set(key, seq);
    }
  }

  connected() {
    return this.ready;
  }

  /** Emits `subscribe` and resolves with its acknowledgement. */
  subscribe(ref: {
    feed: string;
    agencyId: string;
    since?: { epoch: string; seq: number };
  }): Promise<unknown> {
    const id = this.nextAck++;
    return new Promise((resolve) => {
      this.acks.set(id, resolve);
      this.ws.send(`42${NSP},${id}${JSON.stringify(['subscribe', ref])}`);
    });
  }

  close() {
    this.ws.terminate();
  }
}

/** A plain websocket client of the raw `ws` baseline server: the same timestamping, no protocol. */
export class RawScreen {
  ws: WebSocket;
  private ready: Promise<void>;
  constructor(url: string, onMessage: (a: Arrival) => void) {
    this.ws = new WebSocket(url, { perMessageDeflate: false });
    this.ready = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('message', (data: Buffer) => {
      const t = wallNow();
      const text = data.toString();
      const m = /"seq":(\d+)/.exec(text);
      if (m) onMessage({ key: 'raw', seq: Number(m[1]), t, bytes: data.length, text });
    });
  }
  connected() {
    return this.ready;
  }
  close() {
    this.ws.terminate();
  }
}
