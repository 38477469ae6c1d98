import { ComingSoon } from '../../components/layout/PageFrame';

/** Property Details: a later release replaces this frame with the screen. */
export function PropertyDetailsPage() {
  return <ComingSoon title="Property Details" />;
}
