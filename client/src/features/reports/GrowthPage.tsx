import { ComingSoon } from '../../components/layout/PageFrame';

/** Growth & Attrition: a later release replaces this frame with the screen. */
export function GrowthPage() {
  return <ComingSoon title="Growth & Attrition" summary="Account additions and cancellations by month." />;
}
