import { ComingSoon } from '../../components/layout/PageFrame';

/** Data Management Group: a later release replaces this frame with the screen. */
export function DataManagementGroupPage() {
  return <ComingSoon title="Data Management Group" />;
}
