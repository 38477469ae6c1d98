import { ComingSoon } from '../../components/layout/PageFrame';

/** AASMS Opt-Out Request: a later release replaces this frame with the screen. */
export function OptOutPage() {
  return <ComingSoon title="AASMS Opt-Out Request" summary="Users who asked to opt out of AASMS messages." />;
}
