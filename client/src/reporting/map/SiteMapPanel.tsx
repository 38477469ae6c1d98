import { lazy, Suspense, useMemo, useState } from 'react';
import { Pager } from '../../../components/grid/Pager';
import { useStore } from '../../../lib/store/useStore';
import { runtimeConfig } from '../../../lib/config/runtimeConfig';
import { hexToRgb } from '../model/rowColours';
import type { SiteRef } from '../model/siteRef';
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
import { placeOf, useZipTable } from './useSitePlaces';
import { DEFAULT_CENTRE, GROUP_ZOOM, SITE_ZOOM, type LngLat } from './zipPlaces';

const SiteMap = lazy(() => import('./SiteMap'));
const GROUPS_PER_PAGE = 10;

/**
 * 'Map View (Grouped By Site)' (doc 2 §2): the sites of the rows with their counts, a pager over
 * the groups, the 'Select Event Id' dropdown and the WebGL map (zoom 5 for the groups, 16 for one
 * site). Sites are placed at their ZIP centroid, and the panel says so.
 */
export function SiteMapPanel<R>(props: {
  rows: readonly R[];
  read(row: R): SiteRowLike;
  colourOf?(row: R): string | null | undefined;
  onDirections?(site: SiteRef): void;
  height?: number;
  title?: string;
}) {
  const { rows, read, colourOf, onDirections, height = 480, title = 'Map View (Grouped By Site)' } = props;
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

  const points = useMemo<MapPoint[]>(() => {
    const out: MapPoint[] = [];
    for (const g of shown) {
      const place = placeOf(codes, g.zip);
      if (!place) continue;
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
    return out;
  }, [shown, codes, colourOf]);

  const byId = useMemo(() => new Map(shown.map((g) => [g.siteNo, g])), [shown]);
  const selectedPoint = points.find((p) => p.id === selected);
  const focus = useMemo<MapFocus>(() => {
    if (selectedPoint) return { position: selectedPoint.position, zoom: SITE_ZOOM };
    if (points.length === 0) return { position: DEFAULT_CENTRE, zoom: GROUP_ZOOM };
    const lng = points.reduce((s, p) => s + p.position[0], 0) / points.length;
    const lat = points.reduce((s, p) => s + p.position[1], 0) / points.length;
    return { position: [lng, lat] as LngLat, zoom: GROUP_ZOOM };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedPoint?.id, points.length > 0 ? points[0].id : '', current, chosen]);

  const popupGroup: SiteGroup<R> | undefined = popup ? byId.get(popup.id) : undefined;
  const popupPoint = popup ? points.find((p) => p.id === popup.id) : undefined;

  return (
    <section className="la-mapview" aria-label={title}>
      <div className="la-mapview__side">
        <h3 className="la-mapview__title">{title}</h3>
        {options.length > 0 ? (
          <label className="field">
            <span className="field__label">Select Event Id</span>
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
        <ul className="la-mapview__groups" aria-label="Sites">
          {shown.length === 0 ? <li className="muted">No records found</li> : null}
          {shown.map((g) => (
            <li key={g.siteNo}>
              <button
                type="button"
                className={`la-mapview__group${g.siteNo === selected ? ' is-selected' : ''}`}
                aria-pressed={g.siteNo === selected}
                onClick={() => setSelected((s) => (s === g.siteNo ? null : g.siteNo))}
              >
                <span className="la-mapview__count">{g.count}</span>
                <span className="la-mapview__name">{g.siteName}</span>
                <span className="la-mapview__addr muted">{fullAddress(g)}</span>
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
        <p className="muted la-mapview__note">
          {failed
            ? 'Site locations are unavailable.'
            : codes
              ? 'Sites are placed at their ZIP code centre (approximate).'
              : 'Locating sites…'}
        </p>
      </div>
      <div className="la-mapview__map">
        <Suspense
          fallback={
            <div className="la-map la-map--loading" style={{ height }} role="status">
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
            className="la-map-popup card"
            style={{ left: popup.x + 12, top: popup.y + 12 }}
            role="dialog"
            aria-label={popupGroup.siteName}
          >
            <button
              type="button"
              className="icon-button la-map-popup__close"
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
