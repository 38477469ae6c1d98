import type { z } from 'zod';
import { createUpstreamClient, type UpstreamCall, type UpstreamClient } from '../upstream/upstreamClient';

/** The last answer the upstream gave, as it came: what a failed read is judged on. */
export interface LastAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * The bridge's own upstream client (no retries: one request per read), noting the last answer
 * it received and the schema the last `call` validated with, so a read the client refused can be
 * explained field by field.
 */
export function createRecordingUpstream(o: { baseUrl: string; alarmBaseUrl?: string; timeoutMs: number }) {
  const seen: { answer: LastAnswer | null; schema: z.ZodType | null; noAnswer: string | null } = {
    answer: null,
    schema: null,
    noAnswer: null,
  };
  const recordingFetch: typeof fetch = async (input, init) => {
    const res = await fetch(input, init).catch((e: unknown) => {
      seen.noAnswer = causeOf(e);
      throw e;
    });
    const text = await res.text();
    seen.answer = { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
    return new Response(text, { status: res.status, headers: res.headers });
  };
  const real = createUpstreamClient({ ...o, fetch: recordingFetch, retries: 0 });
  const upstream: UpstreamClient = {
    ...real,
    call<T extends z.ZodType>(c: UpstreamCall<T>) {
      seen.schema = c.result;
      return real.call(c);
    },
  };
  return {
    upstream,
    /** Forgets the last answer before a read. */
    begin() {
      seen.answer = null;
      seen.schema = null;
      seen.noAnswer = null;
    },
    /** Why the last request got no answer at all (refused connection, unknown host, ...). */
    get noAnswer() {
      return seen.noAnswer;
    },
    get lastAnswer() {
      return seen.answer;
    },
    get lastSchema() {
      return seen.schema;
    },
  };
}
export type RecordingUpstream = ReturnType<typeof createRecordingUpstream>;

/** The system's word for a failed connection (ECONNREFUSED, ENOTFOUND, ...), else the message. */
function causeOf(e: unknown): string {
  const cause = e instanceof Error ? e.cause : undefined;
  if (cause && typeof cause === 'object' && 'code' in cause && typeof cause.code === 'string')
    return cause.code;
  if (cause instanceof Error) return cause.message;
  return e instanceof Error ? e.message : String(e);
}

/** Whether an answer is an HTML page (a proxy's or a web server's error page, a login form). */
export function isHtml(a: LastAnswer): boolean {
  return /html/i.test(a.contentType) || /^\s*<(!doctype|html|head|body)/i.test(a.text);
}
