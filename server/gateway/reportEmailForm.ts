import type { Busboy } from 'busboy';
import {
  reportEmailAddresses,
  reportEmailBodyError,
  reportEmailFileNameError,
  reportEmailSubjectError,
} from '../../shared/reportEmail/reportEmailRules';
import type { RawBody } from '../upstream/upstreamClient';

/**
 * The multipart form of `MASAPI/sendReportEmail` (docs/product/live-alarms-and-testing.md#calls:
 * toAddress, subject, body, pdfFile, fileName) at the bridge: read with busboy, checked against the
 * shared rules, and written anew from the checked parts, so the upstream gets exactly what was
 * checked and nothing else.
 */

/** The largest attachment: the whole body is capped at 5 MB before this (bodyLimits.ts). */
const PDF_MAX_BYTES = 5 * 1024 * 1024;
const TEXT_FIELDS = ['toAddress', 'subject', 'body', 'fileName'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const PDF_FIELD = 'pdfFile';
/** Every PDF starts so (ISO 32000-1 §7.5.2). */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/** The form as the browser sent it, before any check. */
export interface ReportEmailForm {
  fields: Partial<Record<TextField, string>>;
  pdf: { fileName: string; contentType: string; data: Buffer } | null;
}

/** The e-mail once every rule holds: what the bridge sends upstream. */
export interface ReportEmail {
  addresses: string[];
  subject: string;
  body: string;
  fileName: string;
  pdf: Buffer;
  /**
   * The attachment's type: a PDF unless said. NOTE: the upstream's one attachment part is
   * `pdfFile`; a scheduled Excel report travels in it with its own type (server/schedules).
   */
  contentType?: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const refuse = (field: string, message: string): { ok: false; field: string; message: string } => ({
  ok: false,
  field,
  message,
});

const isTextField = (name: string): name is TextField => (TEXT_FIELDS as readonly string[]).includes(name);

/** Reads the multipart body express.raw collected; a form busboy cannot read, or one that breaks its limits, is refused. */
export async function readReportEmailForm(
  contentType: string,
  data: Buffer,
): Promise<Checked<ReportEmailForm>> {
  // NOTE: busboy loads with the first report e-mail, not with the bridge.
  const { default: busboy } = await import('busboy');
  return new Promise((resolve) => {
    const form: ReportEmailForm = { fields: {}, pdf: null };
    let refusal: Checked<ReportEmailForm> | null = null;
    const refuseOnce = (field: string, message: string) => {
      refusal ??= refuse(field, message);
    };
    let parser: Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        // NOTE: the file name is checked as sent: busboy would otherwise drop a path silently.
        preservePath: true,
        defParamCharset: 'utf8',
        limits: {
          fieldNameSize: 100,
          fieldSize: 16 * 1024,
          fields: 10,
          files: 1,
          parts: 12,
          fileSize: PDF_MAX_BYTES,
          headerPairs: 20,
        },
      });
    } catch {
      resolve(refuse('form', 'Send the report e-mail as multipart/form-data.'));
      return;
    }
    parser.on('field', (name, value, info) => {
      if (!isTextField(name)) return;
      if (info.valueTruncated) return refuseOnce(name, `The ${name} field is too long.`);
      if (form.fields[name] !== undefined)
        return refuseOnce(name, `The ${name} field is sent more than once.`);
      form.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => refuseOnce(PDF_FIELD, 'The PDF attachment is too large.'));
      stream.on('end', () => {
        if (name !== PDF_FIELD) return refuseOnce(name, `Attach the report as the ${PDF_FIELD} field only.`);
        form.pdf = { fileName: info.filename ?? '', contentType: info.mimeType, data: Buffer.concat(chunks) };
      });
    });
    parser.on('filesLimit', () => refuseOnce(PDF_FIELD, 'Attach one PDF file only.'));
    parser.on('fieldsLimit', () => refuseOnce('form', 'The e-mail form has too many fields.'));
    parser.on('partsLimit', () => refuseOnce('form', 'The e-mail form has too many parts.'));
    parser.on('error', () => resolve(refuse('form', 'The e-mail form could not be read.')));
    parser.on('close', () => resolve(refusal ?? { ok: true, value: form }));
    parser.end(data);
  });
}

/** Whether the attachment is a PDF by its bytes, its declared type and its name. */
function pdfError(pdf: ReportEmailForm['pdf']): string | null {
  if (!pdf || pdf.data.length === 0) return 'Attach the report as a PDF file.';
  if (pdf.contentType.toLowerCase() !== 'application/pdf')
    return 'The attachment must be a PDF file (application/pdf).';
  if (!pdf.data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'The attachment is not a PDF file.';
  return null;
}

/** Applies every rule of the report e-mail; the first one broken is the refusal. */
export function checkReportEmailForm(form: ReportEmailForm): Checked<ReportEmail> {
  const f = form.fields;
  const to = reportEmailAddresses(f.toAddress ?? '');
  if (to.error) return refuse('toAddress', to.error);
  const subject = f.subject ?? '';
  const subjectError = reportEmailSubjectError(subject);
  if (subjectError) return refuse('subject', subjectError);
  const body = f.body ?? '';
  const bodyError = reportEmailBodyError(body);
  if (bodyError) return refuse('body', bodyError);
  const pdfProblem = pdfError(form.pdf);
  if (pdfProblem || !form.pdf) return refuse(PDF_FIELD, pdfProblem ?? 'Attach the report as a PDF file.');
  // The name the e-mail shows is the fileName field (the spec's), else the attachment's own; both are checked.
  for (const [field, name] of [
    ['fileName', f.fileName],
    [PDF_FIELD, form.pdf.fileName],
  ] as const) {
    const nameError = name === undefined ? null : reportEmailFileNameError(name);
    if (nameError) return refuse(field, nameError);
  }
  return {
    ok: true,
    value: {
      addresses: to.addresses,
      subject,
      body,
      fileName: f.fileName ?? form.pdf.fileName,
      pdf: form.pdf.data,
    },
  };
}

/** The form sent upstream, written from the checked e-mail alone (the platform's FormData encoder). */
export async function reportEmailWire(email: ReportEmail): Promise<RawBody> {
  const form = new FormData();
  form.set('toAddress', email.addresses.join(';'));
  form.set('subject', email.subject);
  form.set('body', email.body);
  form.set(
    PDF_FIELD,
    new Blob([new Uint8Array(email.pdf)], { type: email.contentType ?? 'application/pdf' }),
    email.fileName,
  );
  form.set('fileName', email.fileName);
  const encoded = new Request('http://bridge.invalid/', { method: 'POST', body: form });
  const contentType = encoded.headers.get('content-type');
  if (!contentType) throw new Error('FormData gave no content type');
  return { contentType, data: new Uint8Array(await encoded.arrayBuffer()) };
}
