import { ComingSoon } from '../../components/layout/PageFrame';

/** Zone Report: a later release replaces this frame with the screen. */
export function ZoneSummaryPage() {
  return <ComingSoon title="Zone Report" summary="The zones of a site, by account." />;
}
