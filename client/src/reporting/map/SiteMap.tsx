import { useEffect, useMemo, useState } from 'react';
import './map.css';
import DeckGL from '@deck.gl/react';
import { MapView, type Layer, type PickingInfo } from '@deck.gl/core';
import { BitmapLayer, GeoJsonLayer, PathLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { FeatureCollection } from 'geojson';
import statesTopology from 'us-atlas/states-10m.json';
import { tilesForView, tileUrlOf, type TileView } from './rasterTiles';
import type { LngLat } from './zipPlaces';

/**
 * The WebGL map (deck.gl 9), loaded only when a map opens. The base map is bundled: US states
 * (and, zoomed in, counties) from us-atlas drawn with a GeoJsonLayer, so it works with no network;
 * a tile URL from config.json, when set, is drawn under them.
 */
export interface MapPoint {
  id: string;
  position: LngLat;
  count: number;
  colour: [number, number, number];
  title: string;
  subtitle: string;
}

export interface MapFocus {
  position: LngLat;
  zoom: number;
}

export interface SiteMapProps {
  points: readonly MapPoint[];
  focus: MapFocus;
  height: number;
  tileUrl?: string;
  selectedId?: string | null;
  onPick?(id: string | null, x: number, y: number): void;
  /** A route to draw (directions). */
  path?: readonly LngLat[] | null;
  label: string;
}

const toGeo = (topo: unknown, key: string): FeatureCollection => {
  const t = topo as Topology;
  return feature(t, t.objects[key]) as unknown as FeatureCollection;
};

const STATES = toGeo(statesTopology, 'states');
const MAP_VIEW = new MapView({ repeat: false });
let countiesPromise: Promise<FeatureCollection> | null = null;
const loadCounties = () =>
  (countiesPromise ??= import('us-atlas/counties-10m.json').then((m) => toGeo(m.default, 'counties')));

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export default function SiteMap({
  points,
  focus,
  height,
  tileUrl,
  selectedId,
  onPick,
  path,
  label,
}: SiteMapProps) {
  const [zoom, setZoom] = useState(focus.zoom);
  const [counties, setCounties] = useState<FeatureCollection | null>(null);
  const [tileView, setTileView] = useState<TileView | null>(null);
  const initialViewState = useMemo(
    () => ({
      longitude: focus.position[0],
      latitude: focus.position[1],
      zoom: focus.zoom,
      pitch: 0,
      bearing: 0,
    }),
    [focus],
  );

  useEffect(() => {
    if (zoom >= 6 && !counties) void loadCounties().then(setCounties);
  }, [zoom, counties]);

  // NOTE: raster tiles only when a deployment configures a tile URL (online use); one bitmap
  // layer per visible tile, keyed by its z/x/y so deck.gl keeps loaded images while panning.
  const tileLayers = useMemo(
    () =>
      tileUrl
        ? // Until the first move, the initial view at a generous width.
          tilesForView(tileView ?? { ...initialViewState, width: 1600, height }).map(
            (t) =>
              new BitmapLayer({
                id: `tile-${t.z}-${t.x}-${t.y}`,
                image: tileUrlOf(tileUrl, t),
                bounds: t.bounds,
              }),
          )
        : [],
    [tileUrl, tileView, initialViewState, height],
  );

  const layers = useMemo(() => {
    const list: Layer[] = [];
    list.push(...tileLayers);
    list.push(
      new GeoJsonLayer({
        id: 'states',
        data: STATES,
        stroked: true,
        filled: tileLayers.length === 0,
        getFillColor: [226, 232, 240, 255],
        getLineColor: [120, 130, 145, 255],
        lineWidthMinPixels: 1,
      }),
    );
    if (counties && zoom >= 6) {
      list.push(
        new GeoJsonLayer({
          id: 'counties',
          data: counties,
          stroked: true,
          filled: false,
          getLineColor: [160, 170, 185, 200],
          lineWidthMinPixels: 0.5,
        }),
      );
    }
    if (path && path.length > 1) {
      list.push(
        new PathLayer({
          id: 'route',
          data: [{ path: [...path] }],
          getPath: (d: { path: LngLat[] }) => d.path,
          getColor: [21, 101, 192, 230],
          widthMinPixels: 4,
        }),
      );
    }
    const maxCount = points.reduce((m, p) => Math.max(m, p.count), 1);
    list.push(
      new ScatterplotLayer<MapPoint>({
        id: 'sites',
        data: points as MapPoint[],
        pickable: true,
        stroked: true,
        radiusUnits: 'pixels',
        getPosition: (p) => p.position,
        getRadius: (p) => 8 + 14 * Math.sqrt(p.count / maxCount),
        getFillColor: (p) => [...p.colour, 220],
        getLineColor: (p) => (p.id === selectedId ? [255, 214, 0, 255] : [255, 255, 255, 255]),
        lineWidthMinPixels: 2,
        updateTriggers: { getLineColor: selectedId, getRadius: maxCount },
      }),
      new TextLayer<MapPoint>({
        id: 'counts',
        data: points.filter((p) => p.count > 1) as MapPoint[],
        getPosition: (p) => p.position,
        getText: (p) => String(p.count),
        getSize: 12,
        getColor: [255, 255, 255, 255],
        fontWeight: 700,
        characterSet: '0123456789',
      }),
    );
    return list;
  }, [points, selectedId, counties, zoom, path, tileLayers]);

  return (
    <div className="rp-map" style={{ height }} role="img" aria-label={label} data-testid="site-map">
      <DeckGL
        views={MAP_VIEW}
        initialViewState={initialViewState}
        controller
        layers={layers}
        onViewStateChange={({ viewState }) => {
          const v = viewState as Partial<TileView>;
          const z = Math.round(v.zoom ?? zoom);
          if (z !== zoom) setZoom(z);
          if (tileUrl)
            setTileView({
              longitude: v.longitude ?? initialViewState.longitude,
              latitude: v.latitude ?? initialViewState.latitude,
              zoom: v.zoom ?? zoom,
              width: v.width ?? 1600,
              height: v.height ?? height,
            });
        }}
        getTooltip={({ object }: PickingInfo<MapPoint>) =>
          object
            ? {
                html: `<strong>${escapeHtml(object.title)}</strong><br/>${escapeHtml(object.subtitle)}<br/>${object.count} ${object.count === 1 ? 'row' : 'rows'} · click for the map link`,
                style: { fontSize: '12px' },
              }
            : null
        }
        onClick={(info: PickingInfo<MapPoint>) =>
          onPick?.(info.object ? info.object.id : null, info.x, info.y)
        }
      />
    </div>
  );
}
