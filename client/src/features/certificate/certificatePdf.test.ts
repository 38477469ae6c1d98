// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { buildCertificatePdf, pageSizeOf } from './certificatePdf';
import type { CertificateFields } from './certificateModel';

const fields: CertificateFields = {
  csNo: 'C21001-0001',
  siteName: 'Harbor View Dental',
  siteAddr1: '1200 Main St',
  siteAddr2: 'Suite 4 (rear)',
  siteCity: 'Irvine',
  siteState: 'CA',
  siteZip: '92618',
  dealerName: 'Pacific Coast Security',
  dealerAddr1: '500 Ocean Ave',
  dealerAddr2: '',
  dealerCity: 'Long Beach',
  dealerState: 'CA',
  dealerZip: '90802',
  monitored: ['B', 'F', 'O'],
  otherText: 'Water / flood',
  expiry: '2027-11-24',
};

describe('the certificate PDF', () => {
  it.each([
    [1001, 612, 1008],
    [1003, 595.28, 841.89],
    [1004, 612, 792],
  ])('paper %i is %f × %f points', (paper, w, h) => {
    expect(pageSizeOf(paper)).toEqual({ w, h });
    const text = new TextDecoder('latin1').decode(buildCertificatePdf(fields, paper, new Date()));
    expect(text).toContain(`/MediaBox [0 0 ${w} ${h}]`);
    expect(text).toContain('(CERTIFICATE OF ALARM MONITORING)');
    expect(text).toContain('(Other: Water / flood \\(O\\)) Tj');
  });

  it('Auto fits the certificate at scale 0.6 inside a one-inch margin', () => {
    expect(pageSizeOf(1002)).toEqual({ w: 1000 * 0.45 + 144, h: 1250 * 0.45 + 144 });
    if (process.env.CERT_PDF_OUT)
      writeFileSync(process.env.CERT_PDF_OUT, buildCertificatePdf(fields, 1001, new Date()));
  });
});
