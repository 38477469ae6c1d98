import { DEFAULT_RANGE_LISTS } from '../../lib/config/rangeListsConfig';
import { SiteRequestsReport } from './investigation/SiteRequestsReport';

/**
 * NOTE: the spec gives this screen a tab list that is a constant, not configuration
 * (docs/product/reports-and-settings.md#screens): the spec's List 3 (Last 24 hours, Last 30 Days).
 */
export const ACKNOWLEDGMENT_TABS = DEFAULT_RANGE_LISTS.list3;

/**
 * The customer acknowledgment variant (/smstextalarmsignalcustomer,
 * docs/product/reports-and-settings.md#screens): the customers who acknowledged an alarm signal by
 * text message (EventId CNFM), per site with the detail rows (CS #, Event Date, Comments), Excel
 * and PDF export, and 'No records found'.
 */
export function CustomerAcknowledgmentPage() {
  return (
    <SiteRequestsReport
      title="Investigation Requests - Customer Acknowledgment"
      kind="CNFM"
      ranges={ACKNOWLEDGMENT_TABS}
      fileName="customer_acknowledgment"
    />
  );
}
