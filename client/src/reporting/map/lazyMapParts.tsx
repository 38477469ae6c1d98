import { lazy, Suspense } from 'react';
import './map.css';
import { Dialog } from '../../components/layout/Dialog';
import type { DirectionsDialog } from './DirectionsDialog';
import type { SiteMapPanelProps } from './SiteMapPanel';

// NOTE: the Live Alarm View shows a map only when its 'Map View' switch is on, and directions
// only when a row asks for them: both load when first opened, not with its first rows (issue 38).
// Meanwhile each is up in place with the loading state it shows for its own waits.

/** The map's height in the map view when its screen does not give one. */
export const MAP_PANEL_HEIGHT = 480;

const SiteMapPanel = lazy(async () => ({ default: (await import('./SiteMapPanel')).SiteMapPanel }));
const Directions = lazy(async () => ({ default: (await import('./DirectionsDialog')).DirectionsDialog }));

/** 'Map View (Grouped By Site)' (SiteMapPanel), its code loaded when first shown. */
export function LazySiteMapPanel<R>(props: SiteMapPanelProps<R>) {
  return (
    <Suspense
      fallback={
        <div
          className="rp-map rp-map--loading"
          style={{ height: props.height ?? MAP_PANEL_HEIGHT }}
          role="status"
        >
          Loading map…
        </div>
      }
    >
      <SiteMapPanel {...props} />
    </Suspense>
  );
}

/** The directions dialog (DirectionsDialog), its code loaded when first opened. */
export function LazyDirectionsDialog(props: Parameters<typeof DirectionsDialog>[0]) {
  return (
    <Suspense
      fallback={
        <Dialog title={props.site.csNo} onClose={props.onClose}>
          <p aria-busy="true">Loading…</p>
        </Dialog>
      }
    >
      <Directions {...props} />
    </Suspense>
  );
}
