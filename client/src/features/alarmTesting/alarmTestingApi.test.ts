import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureMessage } from '../../lib/api/apiError';
import { sendReportEmail } from './alarmTestingApi';

afterEach(() => vi.unstubAllGlobals());

const email = {
  toAddress: 'ops@dealer.example',
  subject: 'Test Zones Report - Main Street Bank',
  body: 'The Test Zones Report of Main Street Bank is attached.',
  pdf: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
  fileName: 'TestZonesReport_1.pdf',
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the report e-mail call', () => {
  it.each([
    [400, 'report_email_refused', 'Please provide at most 5 email addresses.'],
    [
      429,
      'report_email_quota',
      'You have sent the 50 report e-mails allowed per day. Please try again tomorrow.',
    ],
  ])(
    'a %i refusal of the bridge fails with its own message for the dialog',
    async (status, error, message) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => answer(status, { error, message })),
      );
      const failure = await sendReportEmail(email).catch((e: unknown) => e);
      expect(failureMessage(failure)).toBe(message);
    },
  );

  it('any other failure keeps the screen’s own text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(502, { error: 'upstream_error', message: 'Unable to process your request.' })),
    );
    const failure = await sendReportEmail(email).catch((e: unknown) => e);
    expect(failureMessage(failure, 'fallback')).toBe('fallback');
  });
});
