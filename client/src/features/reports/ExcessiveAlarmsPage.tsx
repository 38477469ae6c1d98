import { ComingSoon } from '../../components/layout/PageFrame';

/** Excessive Alarm Accounts: a later release replaces this frame with the screen. */
export function ExcessiveAlarmsPage() {
  return (
    <ComingSoon
      title="Excessive Alarm Accounts"
      summary="Accounts with excessive alarm activity by period."
    />
  );
}
