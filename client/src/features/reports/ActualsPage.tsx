import { ComingSoon } from '../../components/layout/PageFrame';

/** Actuals: a later release replaces this frame with the screen. */
export function ActualsPage() {
  return <ComingSoon title="Actuals" summary="Actual alarm events by date range, filterable by city." />;
}
