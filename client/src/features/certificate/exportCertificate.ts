import { saveBlob } from '../../reporting/export/exportFiles';
import { buildCertificatePdf } from './certificatePdf';
import { certificateFileName, expiryProblem, type CertificateFields } from './certificateModel';

/** Checks the expiry, then saves the certificate PDF; the message when it cannot be exported. */
export function exportCertificate(f: CertificateFields, paperId: number, now: Date): string | null {
  const problem = expiryProblem(f.expiry, now);
  if (problem) return problem;
  // NOTE: the writer is small and has no dependency, so it ships with the wizard (no extra chunk).
  const bytes = buildCertificatePdf(f, paperId, now);
  saveBlob(new Blob([bytes as BlobPart], { type: 'application/pdf' }), certificateFileName(f.csNo, now));
  return null;
}
