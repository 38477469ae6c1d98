import { ComingSoon } from '../../components/layout/PageFrame';

/** Settings: a later release replaces this frame with the screen. */
export function SettingsPage() {
  return (
    <ComingSoon title="Settings" summary="Two-factor authentication contacts and your site preferences." />
  );
}
