import { describe, expect, it } from 'vitest';
import { placementNote } from './useSitePlaces';
import { DEFAULT_CENTRE, GROUP_ZOOM, placeOfSiteIn, SITE_ZOOM, TESTING_ZOOM } from './zipPlaces';

const codes = { '90501': { latitude: 33.83, longitude: -118.31 } };

describe('where a site is placed on the map', () => {
  it('uses the upstream coordinates when given, else the ZIP centroid', () => {
    expect(placeOfSiteIn(codes, { zip: '90501', latitude: 33.84, longitude: -118.35 })).toEqual({
      position: [-118.35, 33.84],
      precision: 'exact',
    });
    expect(placeOfSiteIn(codes, { zip: '90501-1234' })).toEqual({
      position: [-118.31, 33.83],
      precision: 'zip',
    });
    expect(placeOfSiteIn(codes, { zip: '90501', latitude: 0, longitude: 0 })?.precision).toBe('zip');
    expect(placeOfSiteIn(codes, { zip: '90501', latitude: 95, longitude: 10 })?.precision).toBe('zip');
    expect(placeOfSiteIn(codes, { zip: '00000' })).toBeNull();
    expect(placeOfSiteIn(null, { zip: '90501', latitude: 33.84, longitude: -118.35 })?.precision).toBe(
      'exact',
    );
  });

  it('says how precise the points are', () => {
    expect(placementNote({ failed: false, loaded: true, points: 3, zipPlaced: 3 })).toBe(
      'Sites are placed at their ZIP code centre (approximate).',
    );
    expect(placementNote({ failed: false, loaded: true, points: 3, zipPlaced: 0 })).toBe(
      'Sites are placed at their recorded coordinates.',
    );
    expect(placementNote({ failed: false, loaded: true, points: 3, zipPlaced: 1 })).toBe(
      'Sites without coordinates are placed at their ZIP code centre (approximate).',
    );
    expect(placementNote({ failed: false, loaded: false, points: 0, zipPlaced: 0 })).toBe('Locating sites…');
  });

  it('uses the spec’s zooms and default centre', () => {
    expect([GROUP_ZOOM, TESTING_ZOOM, SITE_ZOOM]).toEqual([5, 7, 16]);
    expect(DEFAULT_CENTRE).toEqual([-117.69, 33.67]);
  });
});
