import { ComingSoon } from '../../components/layout/PageFrame';

/** Site Contact Report: a later release replaces this frame with the screen. */
export function ContactSummaryPage() {
  return <ComingSoon title="Site Contact Report" summary="The contacts of a site, by account." />;
}
