/**
 * The raster tiles (slippy-map z/x/y, 256 px) that cover a deck.gl map view, for the optional
 * online tile URL. Pure Web Mercator arithmetic: the offline base map needs none of it, and the
 * tile URL alone does not justify deck.gl's geo-layers package and its loaders (hundreds of MB).
 */
export interface TileView {
  longitude: number;
  latitude: number;
  /** deck.gl zoom: the world is 512 px wide at zoom 0. */
  zoom: number;
  width: number;
  height: number;
}

export interface RasterTile {
  z: number;
  x: number;
  y: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
}

const MAX_TILE_ZOOM = 19;
/** Beyond this many tiles a view is not worth drawing (a huge canvas at a low zoom). */
const MAX_TILES = 64;

const lngOf = (x: number, n: number) => (x / n) * 360 - 180;
const latOf = (y: number, n: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / n))) * 180) / Math.PI;

/** The tiles of the view, nearest the centre first. */
export function tilesForView(view: TileView): RasterTile[] {
  // 256 px tiles on a 512 px world: one zoom level finer than deck.gl's zoom keeps them crisp.
  const z = Math.max(0, Math.min(MAX_TILE_ZOOM, Math.round(view.zoom + 1)));
  const n = 2 ** z;
  const tilePx = (512 * 2 ** view.zoom) / n;
  const lat = Math.max(-85.0511, Math.min(85.0511, view.latitude));
  const phi = (lat * Math.PI) / 180;
  const cx = ((view.longitude + 180) / 360) * n;
  const cy = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n;
  const halfW = view.width / 2 / tilePx;
  const halfH = view.height / 2 / tilePx;
  const tiles: RasterTile[] = [];
  const yFrom = Math.max(0, Math.floor(cy - halfH));
  const yTo = Math.min(n - 1, Math.ceil(cy + halfH) - 1);
  for (let y = yFrom; y <= yTo; y++) {
    for (let x = Math.floor(cx - halfW); x <= Math.ceil(cx + halfW) - 1; x++) {
      const wrapped = ((x % n) + n) % n;
      // A view wider than the world would ask for a tile twice.
      if (x - Math.floor(cx - halfW) >= n) break;
      tiles.push({ z, x: wrapped, y, bounds: [lngOf(x, n), latOf(y + 1, n), lngOf(x + 1, n), latOf(y, n)] });
    }
  }
  tiles.sort(
    (a, b) => Math.hypot(a.x + 0.5 - cx, a.y + 0.5 - cy) - Math.hypot(b.x + 0.5 - cx, b.y + 0.5 - cy),
  );
  return tiles.slice(0, MAX_TILES);
}

/** The URL of one tile from a template with {z}, {x} and {y}. */
export function tileUrlOf(template: string, t: RasterTile): string {
  return template.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y));
}
