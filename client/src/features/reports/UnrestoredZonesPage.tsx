import { ComingSoon } from '../../components/layout/PageFrame';

/** Unrestored Zones: a later release replaces this frame with the screen. */
export function UnrestoredZonesPage() {
  return <ComingSoon title="Unrestored Zones" summary="Zones that went into alarm and have not restored." />;
}
