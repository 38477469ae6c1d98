import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import busboy from 'busboy';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORT_EMAIL_TOO_MANY, REPORT_EMAIL_MESSAGES } from '../../shared/reportEmail/reportEmailRules';
import { startStack, type Stack } from './harness';

/**
 * The report e-mail relay (`POST /api/MASAPI/sendReportEmail`) through the real bridge to the
 * real simulator: the bridge refuses what is no Test Zones Report e-mail, caps the sends of a user
 * per day, audits each send with its recipients, and relays a valid one.
 */

// The browser says where a write comes from (sameSiteOnly).
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

interface Part {
  name: string;
  value: string | Uint8Array;
  /** The Content-Disposition's filename parameter as written (a file part). */
  filename?: string;
  contentType?: string;
}

interface Email {
  toAddress?: string;
  subject?: string;
  body?: string;
  fileName?: string;
  pdf?: Part;
  /** Parts beside the spec's five. */
  extra?: Part[];
}

const VALID = {
  toAddress: 'ops@dealer.example; tech.lead@dealer.example',
  subject: 'Test Zones Report - Main Street Bank',
  body: 'The Test Zones Report of Main Street Bank (1 Main St, Springfield) is attached.',
  fileName: 'TestZonesReport_1042.pdf',
};

/** The multipart body written by hand, so a test can send what no browser's FormData would. */
function multipart(email: Email): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = 'report-email-test-boundary';
  const enc = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const parts: Part[] = [
    ...(['toAddress', 'subject', 'body', 'fileName'] as const)
      .filter((n) => email[n] !== undefined)
      .map((n) => ({ name: n, value: email[n] ?? '' })),
    email.pdf ?? {
      name: 'pdfFile',
      value: PDF,
      filename: `"${VALID.fileName}"`,
      contentType: 'application/pdf',
    },
    ...(email.extra ?? []),
  ];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename=${p.filename}` : ''}`;
    const type = p.contentType ? `\r\nContent-Type: ${p.contentType}` : '';
    chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof p.value === 'string' ? enc.encode(p.value) : p.value);
    chunks.push(enc.encode('\r\n'));
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function sendEmail(base: string, cookie: string, email: Email) {
  const { body, contentType } = multipart(email);
  const res = await fetch(`${base}/api/MASAPI/sendReportEmail`, {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': contentType },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let stack: Stack;
let base: string;
let cookie: string;

beforeAll(async () => {
  stack = await startStack();
  base = stack.bridge.url;
  cookie = await signIn(base, 'owner', 'owner123');
});
afterAll(() => stack?.close());

const sentCount = () => stack.sim.world.portal.emails.length;

describe('the bridge refuses what is no Test Zones Report e-mail', () => {
  it('six recipients are refused with the rule, and nothing is sent', async () => {
    const before = sentCount();
    const a = await sendEmail(base, cookie, {
      ...VALID,
      toAddress: ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `${x}@dealer.example`).join(';'),
    });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({
      error: 'report_email_refused',
      message: REPORT_EMAIL_TOO_MANY,
      field: 'toAddress',
    });
    expect(sentCount()).toBe(before);
  });

  it('an invalid address among the recipients is refused with the spec message', async () => {
    const a = await sendEmail(base, cookie, { ...VALID, toAddress: 'ops@dealer.example;attacker' });
    expect(a.status).toBe(400);
    expect(a.body.message).toBe('Please provide valid email addresses.');
  });

  it('a subject carrying "\\r\\nBcc:" is refused, not stripped', async () => {
    const before = sentCount();
    const a = await sendEmail(base, cookie, {
      ...VALID,
      subject: 'Test Zones Report\r\nBcc: everyone@victims.example',
    });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({
      error: 'report_email_refused',
      message: REPORT_EMAIL_MESSAGES.subjectLineBreak,
      field: 'subject',
    });
    expect(sentCount()).toBe(before);
  });

  it('a file name carrying a line break is refused', async () => {
    const a = await sendEmail(base, cookie, { ...VALID, fileName: 'report.pdf\r\nX-Injected: 1' });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ message: REPORT_EMAIL_MESSAGES.fileNameLineBreak, field: 'fileName' });
    // The attachment's own name, encoded as RFC 5987 allows, is read and judged too.
    const b = await sendEmail(base, cookie, {
      ...VALID,
      pdf: {
        name: 'pdfFile',
        value: PDF,
        filename: `"r.pdf"; filename*=utf-8''report.pdf%0D%0ABcc%3A%20x%40y.example`,
        contentType: 'application/pdf',
      },
    });
    expect(b.status).toBe(400);
    expect(b.body).toMatchObject({ message: REPORT_EMAIL_MESSAGES.fileNameLineBreak, field: 'pdfFile' });
  });

  it('an .exe as the attachment is refused, however it is labelled', async () => {
    const before = sentCount();
    const mz = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    const exe = await sendEmail(base, cookie, {
      ...VALID,
      fileName: 'invoice.exe',
      pdf: { name: 'pdfFile', value: mz, filename: '"invoice.exe"', contentType: 'application/x-msdownload' },
    });
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ error: 'report_email_refused', field: 'pdfFile' });
    expect(exe.body.message).toBe('The attachment must be a PDF file (application/pdf).');

    const disguised = await sendEmail(base, cookie, {
      ...VALID,
      pdf: { name: 'pdfFile', value: mz, filename: '"report.pdf"', contentType: 'application/pdf' },
    });
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe('The attachment is not a PDF file.');

    const renamed = await sendEmail(base, cookie, {
      ...VALID,
      fileName: 'invoice.exe',
      pdf: { name: 'pdfFile', value: PDF, filename: '"invoice.exe"', contentType: 'application/pdf' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe(REPORT_EMAIL_MESSAGES.fileName);
    expect(sentCount()).toBe(before);
  });

  it('an HTML body is refused: the relay carries plain text only', async () => {
    const a = await sendEmail(base, cookie, {
      ...VALID,
      body: '<html><body><a href="https://evil.example/login">Verify your account</a></body></html>',
    });
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ message: REPORT_EMAIL_MESSAGES.bodyHtml, field: 'body' });
  });

  it('a form without the PDF is refused', async () => {
    const a = await sendEmail(base, cookie, {
      ...VALID,
      pdf: { name: 'notes', value: 'no file' },
    });
    expect(a.status).toBe(400);
    expect(a.body.message).toBe('Attach the report as a PDF file.');
  });
});

describe('a valid report e-mail', () => {
  it('arrives at the simulator as it was checked, rebuilt by the bridge', async () => {
    const before = sentCount();
    const a = await sendEmail(base, cookie, VALID);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ isSessionValid: true, result: 'Report email sent successfully.' });
    expect(sentCount()).toBe(before + 1);
    expect(stack.sim.world.portal.emails.at(-1)).toMatchObject({
      toAddress: ['ops@dealer.example', 'tech.lead@dealer.example'],
      subject: VALID.subject,
      body: VALID.body,
      fileName: VALID.fileName,
      pdfBytes: PDF.length,
    });
  });

  it('is audited with its recipients, for the owner to read', async () => {
    const toAddress = 'audit.one@dealer.example;audit.two@dealer.example';
    const a = await sendEmail(base, cookie, { ...VALID, toAddress });
    expect(a.status).toBe(200);
    const entry = await vi.waitFor(async () => {
      const res = await fetch(`${base}/api/audit?limit=50`, { headers: { ...SAME_ORIGIN, cookie } });
      const { entries } = (await res.json()) as {
        entries: Array<{ action: string; outcome: string; username: string; message: string | null }>;
      };
      const found = entries.find((e) => e.action === 'reportEmail' && e.message?.includes('audit.one@'));
      if (!found)
        throw new Error(`no audit entry yet ${res.status} ${JSON.stringify(entries).slice(0, 500)}`);
      return found;
    });
    expect(entry).toMatchObject({ outcome: 'ok', username: 'owner' });
    expect(entry.message).toContain('audit.one@dealer.example; audit.two@dealer.example');
    expect(entry.message).toContain(VALID.fileName);
  });
});

describe('the daily cap of report e-mails per user', () => {
  let capped: Stack;
  beforeAll(async () => {
    capped = await startStack({ REPORT_EMAILS_PER_DAY: '2' });
  });
  afterAll(() => capped?.close());

  it('refuses the send past REPORT_EMAILS_PER_DAY with 429 and sends nothing more', async () => {
    const owner = await signIn(capped.bridge.url, 'owner', 'owner123');
    const first = await sendEmail(capped.bridge.url, owner, VALID);
    const second = await sendEmail(capped.bridge.url, owner, VALID);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await sendEmail(capped.bridge.url, owner, VALID);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({
      error: 'report_email_quota',
      message: 'You have sent the 2 report e-mails allowed per day. Please try again tomorrow.',
    });
    expect(capped.sim.world.portal.emails).toHaveLength(2);
    // A new session of the same user does not reset the count.
    const again = await signIn(capped.bridge.url, 'owner', 'owner123');
    expect((await sendEmail(capped.bridge.url, again, VALID)).status).toBe(429);
  });
});

/** A stand-in for the alarm-incident API that keeps what it was sent, read with busboy. */
interface Received {
  query: URLSearchParams;
  fields: Record<string, string>;
  files: Array<{ name: string; filename: string; mimeType: string; bytes: Buffer }>;
}

function captureUpstream(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const got: Received = { query: new URL(req.url ?? '/', 'http://x').searchParams, fields: {}, files: [] };
    const parser = busboy({ headers: req.headers });
    parser.on('field', (name, value) => (got.fields[name] = value));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        got.files.push({
          name,
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    parser.on('close', () => {
      received.push(got);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          isSessionValid: true,
          apiStatus: 'OK',
          result: 'Report email sent successfully.',
          errors: [],
        }),
      );
    });
    req.pipe(parser);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received }),
    ),
  );
}

describe('what the upstream receives', () => {
  let upstream: Awaited<ReturnType<typeof captureUpstream>>;
  let relayed: Stack;
  beforeAll(async () => {
    upstream = await captureUpstream();
    relayed = await startStack({ UPSTREAM_ALARM_URL: upstream.url });
  });
  afterAll(async () => {
    await relayed?.close();
    await new Promise((r) => upstream?.server.close(r));
  });

  it("is the form rebuilt from the checked parts, never the browser's raw body", async () => {
    const owner = await signIn(relayed.bridge.url, 'owner', 'owner123');
    const a = await sendEmail(relayed.bridge.url, owner, {
      ...VALID,
      toAddress: ' ops@dealer.example ; tech.lead@dealer.example ;',
      extra: [
        { name: 'bcc', value: 'everyone@victims.example' },
        { name: 'sessionGuid', value: 'forged' },
      ],
    });
    expect(a.status).toBe(200);
    expect(upstream.received).toHaveLength(1);
    const [got] = upstream.received;
    expect(got.fields).toEqual({
      toAddress: 'ops@dealer.example;tech.lead@dealer.example',
      subject: VALID.subject,
      body: VALID.body,
      fileName: VALID.fileName,
    });
    expect(got.files).toHaveLength(1);
    expect(got.files[0]).toMatchObject({
      name: 'pdfFile',
      filename: VALID.fileName,
      mimeType: 'application/pdf',
    });
    expect(new Uint8Array(got.files[0].bytes)).toEqual(PDF);
    // The session the bridge holds, not one the browser named.
    expect(got.query.get('sessionGuid')).not.toBe('forged');
    expect(got.query.get('sessionGuid')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
