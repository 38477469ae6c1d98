import { describe, expect, it } from 'vitest';
import {
  checkReportEmailForm,
  readReportEmailForm,
  reportEmailWire,
  type ReportEmail,
} from './reportEmailForm';

const email: ReportEmail = {
  addresses: ['ops@dealer.example', 'tech@dealer.example'],
  subject: 'Test Zones Report - Main Street Bank',
  body: 'The Test Zones Report of Main Street Bank is attached.',
  fileName: 'TestZonesReport_1042.pdf',
  pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
};

async function readAndCheck(contentType: string, data: Uint8Array) {
  const read = await readReportEmailForm(contentType, Buffer.from(data));
  return read.ok ? checkReportEmailForm(read.value) : read;
}

const BOUNDARY = 'b0undary';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, filename: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`;
const form = (...parts: string[]) => new TextEncoder().encode(`${parts.join('')}--${BOUNDARY}--\r\n`);
const fields = [
  field('toAddress', 'ops@dealer.example'),
  field('subject', 'Report'),
  field('body', 'Attached.'),
];

describe('the report e-mail form', () => {
  it('reads back, checked, exactly what the bridge writes upstream', async () => {
    const wire = await reportEmailWire(email);
    expect(await readAndCheck(wire.contentType, wire.data)).toEqual({ ok: true, value: email });
  });

  it('refuses a form cut short', async () => {
    const whole = await reportEmailWire(email);
    const cut = whole.data.subarray(0, whole.data.length - 40);
    expect(await readAndCheck(whole.contentType, cut)).toMatchObject({
      ok: false,
      message: 'The e-mail form could not be read.',
    });
  });

  it('refuses a field sent twice rather than choosing one', async () => {
    const twice = form(
      ...fields,
      field('toAddress', 'everyone@victims.example'),
      file('pdfFile', 'r.pdf', '%PDF-1'),
    );
    expect(await readAndCheck(TYPE, twice)).toMatchObject({
      ok: false,
      field: 'toAddress',
      message: 'The toAddress field is sent more than once.',
    });
  });

  it('refuses a second attachment', async () => {
    const two = form(...fields, file('pdfFile', 'a.pdf', '%PDF-1'), file('pdfFile', 'b.pdf', '%PDF-1'));
    expect(await readAndCheck(TYPE, two)).toMatchObject({ ok: false, message: 'Attach one PDF file only.' });
  });

  it('refuses a path in the attachment name instead of dropping it', async () => {
    const pathed = form(...fields, file('pdfFile', '../../etc/report.pdf', '%PDF-1'));
    expect(await readAndCheck(TYPE, pathed)).toMatchObject({ ok: false, field: 'pdfFile' });
  });

  it('refuses a body that is not multipart', async () => {
    expect(await readAndCheck('application/json', new TextEncoder().encode('{}'))).toMatchObject({
      ok: false,
      message: 'Send the report e-mail as multipart/form-data.',
    });
  });
});
