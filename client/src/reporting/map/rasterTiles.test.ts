import { describe, expect, it } from 'vitest';
import { tilesForView, tileUrlOf } from './rasterTiles';

describe('raster tiles of a map view', () => {
  it('the whole world at zoom 0 is the one tile 0/0/0 at deck zoom -1', () => {
    const tiles = tilesForView({ longitude: 0, latitude: 0, zoom: -1, width: 256, height: 256 });
    expect(tiles.map((t) => [t.z, t.x, t.y])).toEqual([[0, 0, 0]]);
    const [w, s, e, n] = tiles[0].bounds;
    expect([w, e]).toEqual([-180, 180]);
    expect(n).toBeCloseTo(85.0511, 3);
    expect(s).toBeCloseTo(-85.0511, 3);
  });

  it('a view over Orange County at zoom 7 asks for the tiles around it, centre first', () => {
    const tiles = tilesForView({ longitude: -117.69, latitude: 33.67, zoom: 7, width: 800, height: 600 });
    expect(tiles[0].z).toBe(8);
    // Tile 8/44/102 holds 117.69 W 33.67 N.
    expect([tiles[0].x, tiles[0].y]).toEqual([44, 102]);
    const [w, s, e, n] = tiles[0].bounds;
    expect(w).toBeLessThanOrEqual(-117.69);
    expect(e).toBeGreaterThanOrEqual(-117.69);
    expect(s).toBeLessThanOrEqual(33.67);
    expect(n).toBeGreaterThanOrEqual(33.67);
    // 800x600 px of 256 px tiles: 4 to 5 across, 3 to 4 down.
    expect(tiles.length).toBeGreaterThanOrEqual(12);
    expect(tiles.length).toBeLessThanOrEqual(25);
  });

  it('fills a template', () => {
    expect(tileUrlOf('https://t.example/{z}/{x}/{y}.png', { z: 3, x: 1, y: 2, bounds: [0, 0, 0, 0] })).toBe(
      'https://t.example/3/1/2.png',
    );
  });
});
