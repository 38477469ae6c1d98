import { useReportRanges } from '../../reporting/useReportRanges';
import { InvestigationForm } from './investigation/InvestigationForm';
import { SiteRequestsReport } from './investigation/SiteRequestsReport';
import './investigation/investigation.css';

/**
 * Investigation Requests (/discrepancies, docs/product/reports-and-settings.md#screens): range
 * tabs, the QR image and link of the form that files a new request, and the requests of the range
 * per site (EventId DISC).
 */
export function InvestigationRequestsPage() {
  return (
    <SiteRequestsReport
      title="Investigation Requests"
      kind="DISC"
      ranges={useReportRanges('discrepancies')}
      fileName="investigation_requests"
      toolbar={<InvestigationForm />}
    />
  );
}
