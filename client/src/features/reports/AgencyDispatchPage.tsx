import { ComingSoon } from '../../components/layout/PageFrame';

/** Agency Dispatch: a later release replaces this frame with the screen. */
export function AgencyDispatchPage() {
  return <ComingSoon title="Agency Dispatch" summary="Dispatches of the authorities for your accounts." />;
}
