import { ComingSoon } from '../../components/layout/PageFrame';

/** Security Settings: a later release replaces this frame with the screen. */
export function SecuritySettingsPage() {
  return (
    <ComingSoon
      title="Security Settings"
      summary="Choose which Quick Data Tabs each of your sub-accounts may use."
    />
  );
}
