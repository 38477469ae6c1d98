import { z } from 'zod';
import { eventLogsResultSchema } from '../../shared/upstream/eventLogRow';

/**
 * Validates a feed's rows once: the raw text of each row of `result.eventLogList` maps to the
 * row zod made of it. A poll whose rows are the same text as the last read's reuses them, so a
 * quiet poll of 1,000 active alarms neither JSON-parses nor validates any row; a new or changed
 * row is parsed and validated at the boundary as before, and a malformed one fails the answer.
 * One cache per feed: it holds the rows of the last whole read and of the read in progress.
 */
export interface RowTextCache<R extends object> {
  /** Starts a whole read of the feed (page 1): rows not seen again are forgotten after it. */
  beginRead(): void;
  /** Reads an answer's text: the envelope with `result.eventLogList` holding validated rows. Throws on malformed text or rows. */
  parseAnswer(text: string): unknown;
  /** The schema of the answer's `result` once `parseAnswer` has read it (its rows are the validated ones). */
  readonly result: z.ZodType<{ eventLogList: R[] }>;
}

const LIST_KEY = '"eventLogList"';
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(text: string, p: number): number {
  while (p < text.length && isSpace(text.charCodeAt(p))) p++;
  return p;
}

/** The index just past the string that opens at `p` (a quote), honouring escapes; -1 if unterminated. */
function endOfString(text: string, p: number): number {
  let q = text.indexOf('"', p + 1);
  while (q !== -1) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return q + 1;
    q = text.indexOf('"', q + 1);
  }
  return -1;
}

/**
 * The flat row objects of the array that opens at `p`, as [start, end) text ranges, and the index
 * just past the array; null when the array is not a list of flat objects (then the caller reads
 * the answer the ordinary way).
 */
function rowRanges(text: string, p: number): { ranges: number[]; end: number } | null {
  const ranges: number[] = [];
  p = skipSpace(text, p + 1);
  if (text.charCodeAt(p) === CLOSE_BRACKET) return { ranges, end: p + 1 };
  for (;;) {
    if (text.charCodeAt(p) !== OPEN_BRACE) return null;
    const start = p;
    p++;
    for (;;) {
      if (p >= text.length) return null;
      const c = text.charCodeAt(p);
      if (c === QUOTE) {
        p = endOfString(text, p);
        if (p === -1) return null;
      } else if (c === CLOSE_BRACE) {
        p++;
        break;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        return null;
      } else p++;
    }
    ranges.push(start, p);
    p = skipSpace(text, p);
    const c = text.charCodeAt(p);
    if (c === CLOSE_BRACKET) return { ranges, end: p + 1 };
    if (c !== COMMA) return null;
    p = skipSpace(text, p + 1);
  }
}

/**
 * A row without `totalRows`: the upstream puts the page's count on its first row (null on the
 * others); it is page metadata, and a row that keeps it would never equal the row it was.
 */
export function withoutPageCount<R extends { totalRows?: unknown }>(row: R): Omit<R, 'totalRows'> {
  if (!('totalRows' in row)) return row;
  const { totalRows: _t, ...rest } = row;
  return rest;
}

/** An answer read by the fast path: its envelope without rows, and its rows' texts and rows. */
interface ReadAnswer<R> {
  envelopeText: string;
  texts: string[];
  rows: R[];
}

export function createRowTextCache<S extends z.ZodType<object>>(rowSchema: S): RowTextCache<z.infer<S>> {
  type R = z.infer<S>;
  let last = new Map<string, R>();
  let current = new Map<string, R>();
  // NOTE: a quiet poll's answer is the same text as last time: one string compare finds it.
  let lastAnswers = new Map<string, ReadAnswer<R>>();
  let currentAnswers = new Map<string, ReadAnswer<R>>();
  const made = new WeakSet<object>();

  function rowOf(raw: string | null, value: unknown): R {
    const known = raw === null ? undefined : (current.get(raw) ?? last.get(raw));
    if (known) {
      current.set(raw!, known);
      return known;
    }
    const parsed = rowSchema.safeParse(raw === null ? value : JSON.parse(raw));
    if (!parsed.success) throw new Error('A row of the answer does not match its schema.');
    made.add(parsed.data);
    if (raw !== null) current.set(raw, parsed.data);
    return parsed.data;
  }

  /** Any answer the fast path cannot read: parsed whole, each row validated. */
  function parseWhole(text: string): unknown {
    const json: unknown = JSON.parse(text);
    const result = resultOf(json);
    if (result && Array.isArray(result.eventLogList))
      result.eventLogList = result.eventLogList.map((v: unknown) => rowOf(null, v));
    return json;
  }

  /** The envelope with the answer's rows in place of its empty list; null if the list is not where it was cut out. */
  function withRows(envelopeText: string, rows: R[]): unknown {
    const json: unknown = JSON.parse(envelopeText);
    const result = resultOf(json);
    if (!result || !Array.isArray(result.eventLogList) || result.eventLogList.length !== 0) return null;
    result.eventLogList = rows;
    return json;
  }

  function readFast(text: string): ReadAnswer<R> | null {
    const key = text.indexOf(LIST_KEY);
    // NOTE: the key must occur once, or it might be inside a row's text.
    if (key === -1 || key !== text.lastIndexOf(LIST_KEY)) return null;
    const colon = skipSpace(text, key + LIST_KEY.length);
    if (text.charCodeAt(colon) !== 58) return null;
    const open = skipSpace(text, colon + 1);
    if (text.charCodeAt(open) !== OPEN_BRACKET) return null;
    const list = rowRanges(text, open);
    if (!list) return null;
    const texts: string[] = [];
    const rows: R[] = [];
    for (let i = 0; i < list.ranges.length; i += 2) {
      const raw = text.slice(list.ranges[i], list.ranges[i + 1]);
      texts.push(raw);
      rows.push(rowOf(raw, null));
    }
    return { envelopeText: text.slice(0, open) + '[]' + text.slice(list.end), texts, rows };
  }

  return {
    beginRead() {
      last = current;
      current = new Map();
      lastAnswers = currentAnswers;
      currentAnswers = new Map();
    },
    parseAnswer(text) {
      const seen = currentAnswers.get(text) ?? lastAnswers.get(text);
      if (seen) {
        for (let i = 0; i < seen.texts.length; i++) current.set(seen.texts[i], seen.rows[i]);
        currentAnswers.set(text, seen);
        return withRows(seen.envelopeText, seen.rows.slice()) ?? parseWhole(text);
      }
      const read = readFast(text);
      const json = read && withRows(read.envelopeText, read.rows.slice());
      if (!read || !json) return parseWhole(text);
      currentAnswers.set(text, read);
      return json;
    },
    // NOTE: one check of the list, not one per row: every row must be one this cache validated.
    result: eventLogsResultSchema(z.unknown()).extend({
      eventLogList: z
        .custom<R[] | null>((v) => v === null || (Array.isArray(v) && v.every((r) => made.has(r as object))))
        .transform((rows) => rows ?? []),
    }),
  };
}

function resultOf(json: unknown): { eventLogList?: unknown } | null {
  const result = (json as { result?: unknown } | null)?.result;
  return typeof result === 'object' && result !== null ? (result as { eventLogList?: unknown }) : null;
}
