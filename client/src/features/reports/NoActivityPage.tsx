import { ComingSoon } from '../../components/layout/PageFrame';

/** Sites With No Alarm Activity: a later release replaces this frame with the screen. */
export function NoActivityPage() {
  return (
    <ComingSoon
      title="Sites With No Alarm Activity"
      summary="Sites without alarm activity since a chosen date."
    />
  );
}
