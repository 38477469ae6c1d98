import { ComingSoon } from '../../components/layout/PageFrame';

/** Agency Refuse to Dispatch: a later release replaces this frame with the screen. */
export function AgencyRefusedDispatchPage() {
  return <ComingSoon title="Agency Refuse to Dispatch" summary="Dispatches the responding agency refused." />;
}
