import { ComingSoon } from '../../components/layout/PageFrame';

/** Customers Requesting Service: a later release replaces this frame with the screen. */
export function ServiceRequestsPage() {
  return (
    <ComingSoon
      title="Customers Requesting Service"
      summary="Customers who asked for service, with their events."
    />
  );
}
