import {
  SERVICE_REQUEST_COLUMNS,
  SERVICE_SITE_COLUMNS,
  type ServiceRequest,
  type ServiceSite,
} from '../../../../../shared/reports/serviceRequests';
import { csNoCell } from '../../../reporting/csNoColumn';
import { gridColumnsOf } from '../../../reporting/reportGridColumns';

// NOTE: the columns are the scheduled e-mail's too (shared/reports/serviceRequests.ts).
/** One row per site (docs/product/reports-and-settings.md#screens). */
export const serviceSiteColumns = gridColumnsOf<ServiceSite>(SERVICE_SITE_COLUMNS);

/**
 * The site's requests, newest first, dated MM-DD-YYYY HH:mm:ss
 * (docs/product/reports-and-settings.md#constants).
 */
export const serviceRequestColumns = gridColumnsOf<ServiceRequest>(SERVICE_REQUEST_COLUMNS, {
  cs_no: csNoCell((r: ServiceRequest) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no })),
});
