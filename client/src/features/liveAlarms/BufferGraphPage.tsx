import { ComingSoon } from '../../components/layout/PageFrame';

/** Event Buffer Graph: a later release replaces this frame with the screen. */
export function BufferGraphPage() {
  return <ComingSoon title="Event Buffer Graph" summary="The event buffer as a graph." />;
}
