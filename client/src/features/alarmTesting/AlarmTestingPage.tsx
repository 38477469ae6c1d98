import { ComingSoon } from '../../components/layout/PageFrame';

/** Alarm Testing: a later release replaces this frame with the screen. */
export function AlarmTestingPage() {
  return (
    <ComingSoon
      title="Alarm Testing"
      summary="Systems and zones on test, their history, extensions and the test-zones report."
    />
  );
}
