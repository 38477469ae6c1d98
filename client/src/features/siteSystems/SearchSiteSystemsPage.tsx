import { Navigate, useLocation } from 'react-router-dom';
import { ComingSoon } from '../../components/layout/PageFrame';

/**
 * Site info card, systems list and driving-directions map. It needs the site passed in (from the
 * Account Details dialog); without it the user goes to the dashboard (doc 1 §2.1).
 */
export function SearchSiteSystemsPage() {
  const state: unknown = useLocation().state;
  const site =
    state && typeof state === 'object' && 'site' in state
      ? (state as { site: { cs_no?: string; site_name?: string } }).site
      : null;
  if (!site) return <Navigate to="/dashboard" replace />;
  return (
    <ComingSoon
      title={`Site Details${site.site_name ? ` - ${site.site_name}` : ''}`}
      summary="The site's information card, its systems and driving directions."
    />
  );
}
