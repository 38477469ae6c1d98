import { ComingSoon } from '../../components/layout/PageFrame';

/** Place On Test: a later release replaces this frame with the screen. */
export function PlaceOnTestPage() {
  return (
    <ComingSoon
      title="Place On Test"
      summary="Put a whole system, or chosen zones of it, on test for a limited period."
    />
  );
}
