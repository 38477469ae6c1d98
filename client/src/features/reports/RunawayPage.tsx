import { ComingSoon } from '../../components/layout/PageFrame';

/** Runaway: a later release replaces this frame with the screen. */
export function RunawayPage() {
  return <ComingSoon title="Runaway" summary="Runaway systems sending an excessive number of signals." />;
}
