import { lazy, Suspense, useMemo, useState } from 'react';
import './map.css';
import { Pager } from '../../components/grid/Pager';
import { useStore } from '../../lib/store/useStore';
import { useValueFor } from '../../lib/store/useValueFor';
import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { MAP_PANEL_HEIGHT } from './lazyMapParts';
import { hexToRgb, type SiteRef } from './siteRef';
import {
  ALL_DESCRIPTIONS,
  descriptionOptions,
  externalMapUrl,
  fullAddress,
  groupBySite,
  type SiteGroup,
  type SiteRowLike,
} from './siteGroups';
import type { MapFocus, MapPoint } from './SiteMap';
import { placeOfSite, placementNote, useZipTable } from './useSitePlaces';
import { DEFAULT_CENTRE, GROUP_ZOOM, SITE_ZOOM, type LngLat } from './zipPlaces';

const SiteMap = lazy(() => import('./SiteMap'));
const GROUPS_PER_PAGE = 10;

/**
 * 'Map View (Grouped By Site)' (docs/product/live-alarms-and-testing.md#screens): the sites of the
 * rows with their counts, a pager over the groups, the 'Select Event Id' dropdown and the WebGL map
 * (zoom 5 for the groups, 16 for one site). Sites are placed at their ZIP centroid, and the panel
 * says so.
 */
export interface SiteMapPanelProps<R> {
  rows: readonly R[];
  /** A row as a site with its event description (the grouping key is siteNo). */
  read(row: R): SiteRowLike;
  /** A marker's colour ('#rrggbb') from its site's first row. */
  colourOf?(row: R): string | null | undefined;
  onDirections?(site: SiteRef): void;
  height?: number;
  title?: string;
  /** Zoom of the grouped view: 5 (default) for reports and the Live Alarm View, 7 for Alarm Testing. */
  zoom?: number;
  /** Where the grouped view starts: the first site of the page (reports) or the middle of them. */
  centreOn?: 'first' | 'average';
  /** The description selector's label. */
  descriptionLabel?: string;
}

export function SiteMapPanel<R>(props: SiteMapPanelProps<R>) {
  const {
    rows,
    read,
    colourOf,
    onDirections,
    height = MAP_PANEL_HEIGHT,
    title = 'Map View (Grouped By Site)',
    zoom = GROUP_ZOOM,
    centreOn = 'average',
    descriptionLabel = 'Select Event Id',
  } = props;
  const tileUrl = useStore(runtimeConfig, (c) => c.mapTileUrl);
  const { codes, failed } = useZipTable();
  const [description, setDescription] = useState(ALL_DESCRIPTIONS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(GROUPS_PER_PAGE);
  const [selected, setSelected] = useState<string | null>(null);
  const [popup, setPopup] = useState<{ id: string; x: number; y: number } | null>(null);

  const options = useMemo(() => descriptionOptions(rows.map((r) => read(r).description)), [rows, read]);
  const chosen = options.includes(description) ? description : (options[0] ?? ALL_DESCRIPTIONS);
  const groups = useMemo(() => groupBySite(rows, read, chosen), [rows, read, chosen]);
  const pages = Math.max(1, Math.ceil(groups.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = groups.slice(current * pageSize, current * pageSize + pageSize);

  const { points, zipPlaced } = useMemo(() => {
    const out: MapPoint[] = [];
    let zipPlaced = 0;
    for (const g of shown) {
      const place = placeOfSite(codes, g);
      if (!place) continue;
      if (place.precision === 'zip') zipPlaced++;
      const colour = hexToRgb(colourOf?.(g.rows[0])) ?? [21, 101, 192];
      out.push({
        id: g.siteNo,
        position: place.position,
        count: g.count,
        colour,
        title: g.siteName,
        subtitle: fullAddress(g),
      });
    }
    return { points: out, zipPlaced };
  }, [shown, codes, colourOf]);

  const byId = useMemo(() => new Map(shown.map((g) => [g.siteNo, g])), [shown]);
  const selectedPoint = points.find((p) => p.id === selected);
  // Centred again when the selection, the first site, the page or the filter changes, not when
  // the same sites' rows are refreshed.
  const focusKeys = [selectedPoint?.id, points[0]?.id, current, chosen, zoom, centreOn];
  const focus = useValueFor<MapFocus>(focusKeys, () => {
    if (selectedPoint) return { position: selectedPoint.position, zoom: SITE_ZOOM };
    if (points.length === 0) return { position: DEFAULT_CENTRE, zoom };
    if (centreOn === 'first') return { position: points[0].position, zoom };
    const lng = points.reduce((s, p) => s + p.position[0], 0) / points.length;
    const lat = points.reduce((s, p) => s + p.position[1], 0) / points.length;
    return { position: [lng, lat] as LngLat, zoom };
  });

  const popupGroup: SiteGroup<R> | undefined = popup ? byId.get(popup.id) : undefined;
  const popupPoint = popup ? points.find((p) => p.id === popup.id) : undefined;

  return (
    <section className="rp-mapview" aria-label={title}>
      <div className="rp-mapview__side">
        <h3 className="rp-mapview__title">{title}</h3>
        {options.length > 0 ? (
          <label className="field">
            <span className="field__label">{descriptionLabel}</span>
            <select
              className="select"
              value={chosen}
              onChange={(e) => {
                setDescription(e.target.value);
                setPage(0);
                setSelected(null);
              }}
            >
              {options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <ul className="rp-mapview__groups" aria-label="Sites">
          {shown.length === 0 ? <li className="muted">No records found</li> : null}
          {shown.map((g) => (
            <li key={g.siteNo}>
              <button
                type="button"
                className={`rp-mapview__group${g.siteNo === selected ? ' is-selected' : ''}`}
                aria-pressed={g.siteNo === selected}
                onClick={() => setSelected((s) => (s === g.siteNo ? null : g.siteNo))}
              >
                <span className="rp-mapview__count">{g.count}</span>
                <span className="rp-mapview__name">{g.siteName}</span>
                <span className="rp-mapview__addr muted">{fullAddress(g)}</span>
              </button>
            </li>
          ))}
        </ul>
        <Pager
          total={groups.length}
          page={current}
          pageSize={pageSize}
          pageSizes={[10, 20, 50, 100]}
          onPage={(p) => {
            setPage(p);
            setSelected(null);
          }}
          onPageSize={(s) => {
            setPageSize(s);
            setPage(0);
          }}
        />
        <p className="muted rp-mapview__note">
          {placementNote({ failed, loaded: codes != null, points: points.length, zipPlaced })}
        </p>
      </div>
      <div className="rp-mapview__map">
        <Suspense
          fallback={
            <div className="rp-map rp-map--loading" style={{ height }} role="status">
              Loading map…
            </div>
          }
        >
          <SiteMap
            points={points}
            focus={focus}
            height={height}
            tileUrl={tileUrl || undefined}
            selectedId={selected}
            label={`${title}: ${groups.length} sites`}
            onPick={(id, x, y) => setPopup(id ? { id, x, y } : null)}
          />
        </Suspense>
        {popup && popupGroup ? (
          <div
            className="rp-map-popup card"
            style={{ left: popup.x + 12, top: popup.y + 12 }}
            role="dialog"
            aria-label={popupGroup.siteName}
          >
            <button
              type="button"
              className="icon-button rp-map-popup__close"
              aria-label="Close"
              onClick={() => setPopup(null)}
            >
              ×
            </button>
            <strong>{popupGroup.siteName}</strong>
            <span>{fullAddress(popupGroup)}</span>
            <span className="muted">
              {popupGroup.count} {popupGroup.count === 1 ? 'row' : 'rows'} · CS# {popupGroup.csNos.join(', ')}
            </span>
            <a
              href={externalMapUrl(fullAddress(popupGroup), popupPoint?.position)}
              target="_blank"
              rel="noopener noreferrer"
            >
              View on external map
            </a>
            {onDirections ? (
              <button
                type="button"
                className="link-button"
                onClick={() => onDirections(read(popupGroup.rows[0]))}
              >
                Directions
              </button>
            ) : null}
            <button type="button" className="link-button" onClick={() => setSelected(popupGroup.siteNo)}>
              Zoom to site
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
