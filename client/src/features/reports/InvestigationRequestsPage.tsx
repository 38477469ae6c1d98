import { ComingSoon } from '../../components/layout/PageFrame';

/** Investigation Requests: a later release replaces this frame with the screen. */
export function InvestigationRequestsPage() {
  return (
    <ComingSoon
      title="Investigation Requests"
      summary="Investigation requests per site, with their details."
    />
  );
}
