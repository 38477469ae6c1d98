import { saveBlob } from '../../reporting/export/exportFiles';
import { certificateFileName, expiryProblem, type CertificateFields } from './certificateModel';

/** Checks the expiry, then saves the certificate PDF; the message when it cannot be exported. */
export async function exportCertificate(
  f: CertificateFields,
  paperId: number,
  now: Date,
): Promise<string | null> {
  const problem = expiryProblem(f.expiry, now);
  if (problem) return problem;
  const { buildCertificatePdf } = await import('./certificatePdf');
  const bytes = buildCertificatePdf(f, paperId, now);
  saveBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), certificateFileName(f.csNo, now));
  return null;
}
