import { ComingSoon } from '../../components/layout/PageFrame';

/** Dispatch Cancellation from AASMS & Text App: a later release replaces this frame with the screen. */
export function AlarmCancellationPage() {
  return (
    <ComingSoon
      title="Dispatch Cancellation from AASMS & Text App"
      summary="Dispatches cancelled through AASMS and the text app."
    />
  );
}
