import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import './map.css';
import { Dialog } from '../../components/layout/Dialog';
import { showToast } from '../../components/toast/toastStore';
import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { browserHandOffDeps, handOff } from '../../lib/handoff/handOff';
import { useStore } from '../../lib/store/useStore';
import { addressLine, type SiteRef } from './siteRef';
import {
  browserGeoDeps,
  DIRECTIONS_FAILED,
  directionsProvider,
  externalDirectionsUrl,
  locateOrigin,
  type Origin,
  type Route,
} from './directions';
import { placeOf, useZipTable } from './useSitePlaces';
import type { LngLat } from './zipPlaces';

const SiteMap = lazy(() => import('./SiteMap'));

/**
 * The classic web tool's code for the transfer call (any tool but Data Management,
 * docs/product/shell-session-search.md#states).
 */
export const CLASSIC_TOOL = 7002;

/**
 * The directions dialog, titled with the CS# (docs/product/live-alarms-and-testing.md#screens,
 * #messages): the device's position (5-second timeout, the default coordinate otherwise, with the
 * permission message), a route from the configured provider (or a straight line labelled as an
 * estimate), the address, a link to an external map and the classic-tool button.
 */
export function DirectionsDialog({ site, onClose }: { site: SiteRef; onClose(): void }) {
  const osrmUrl = useStore(runtimeConfig, (c) => c.directionsUrl);
  const { codes, failed } = useZipTable();
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [route, setRoute] = useState<Route | null>(null);
  const [fetchError, setError] = useState<string | null>(null);
  const address = addressLine(site);
  const destination = placeOf(codes, site.zip);
  // A ZIP code the table lacks cannot be routed: that failure is known without a call.
  const error = fetchError ?? (origin && codes && !destination ? DIRECTIONS_FAILED : null);

  useEffect(() => {
    let live = true;
    void locateOrigin(browserGeoDeps()).then((o) => live && setOrigin(o));
    return () => {
      live = false;
    };
  }, []);

  // The destination's coordinates, not its object: a render makes a new one for the same place.
  const [destLng, destLat] = destination?.position ?? [null, null];
  useEffect(() => {
    if (!origin || !codes || destLng === null || destLat === null) return;
    const ctrl = new AbortController();
    directionsProvider(osrmUrl)
      .route(origin.position, [destLng, destLat], ctrl.signal)
      .then(setRoute)
      .catch(() => !ctrl.signal.aborted && setError(DIRECTIONS_FAILED));
    return () => ctrl.abort();
  }, [origin, codes, osrmUrl, destLng, destLat]);

  const focus = useMemo(
    () =>
      route && destLng !== null && destLat !== null
        ? {
            position: [(route.path[0][0] + destLng) / 2, (route.path[0][1] + destLat) / 2] as LngLat,
            zoom: zoomFor(route.distanceMiles),
          }
        : null,
    [route, destLng, destLat],
  );

  return (
    <Dialog title={site.csNo} onClose={onClose}>
      <div className="rp-directions">
        <p className="rp-directions__address">
          <strong>{site.siteName}</strong>
          <br />
          {address}
        </p>
        {origin?.message ? (
          <p className="rp-directions__notice" role="status">
            {origin.message}
          </p>
        ) : null}
        {error || failed ? (
          <p className="form-error" role="alert">
            {error ?? DIRECTIONS_FAILED}
          </p>
        ) : null}
        {route ? (
          <p className="rp-directions__distance" data-testid="route-distance">
            {route.estimate
              ? `About ${route.distanceMiles.toFixed(1)} miles in a straight line (estimate; no route service configured).`
              : `${route.distanceMiles.toFixed(1)} miles by car${route.durationMinutes != null ? `, about ${Math.round(route.durationMinutes)} min` : ''}.`}
            {origin?.source === 'default' ? ' From the default location.' : ''} The site is placed at its ZIP
            code centre.
          </p>
        ) : !error ? (
          <p className="muted" role="status">
            Finding your location…
          </p>
        ) : null}
        <div className="rp-directions__links">
          <a
            className="button button--secondary"
            href={externalDirectionsUrl(origin?.source === 'device' ? origin.position : null, address)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in external map
          </a>
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              void handOff({ siteNo: site.siteNo, systemNo: site.systemNo, csNo: site.csNo }, CLASSIC_TOOL, {
                ...browserHandOffDeps,
                showError: (m) => showToast(m, 'error'),
              })
            }
          >
            Open in MasWeb Classic
          </button>
        </div>
        {route && destination && focus ? (
          <Suspense
            fallback={
              <div className="rp-map rp-map--loading" style={{ height: 320 }}>
                Loading map…
              </div>
            }
          >
            <SiteMap
              points={[
                {
                  id: site.siteNo,
                  position: destination.position,
                  count: 1,
                  colour: [211, 47, 47],
                  title: site.siteName,
                  subtitle: address,
                },
              ]}
              focus={focus}
              path={route.path}
              height={320}
              label={`Route to ${site.siteName}`}
            />
          </Suspense>
        ) : null}
      </div>
    </Dialog>
  );
}

/** A zoom that fits a route of this length in the dialog's map. */
function zoomFor(miles: number): number {
  if (miles < 2) return 13;
  if (miles < 10) return 11;
  if (miles < 40) return 9;
  if (miles < 150) return 7;
  if (miles < 600) return 5;
  return 3;
}
