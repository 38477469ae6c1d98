import { describe, expect, it } from 'vitest';
import { firstLeafOf, isExternalMenuId, isOwnerOnlyMenuId } from './menuCatalog';
import {
  editorTiles,
  menuSaveProblem,
  moveTile,
  navIdsProblem,
  savedNavIds,
  toggleTile,
  type MenuTile,
} from './menuEditor';

const active = (tiles: MenuTile[]) => savedNavIds(tiles).join(',');
const topIds = (tiles: MenuTile[]) => tiles.map((t) => `${t.id}${t.isActive ? '' : '-'}`).join(',');
const childIds = (tiles: MenuTile[], group: string) =>
  tiles
    .find((t) => t.id === group)!
    .children.map((c) => `${c.id}${c.isActive ? '' : '-'}`)
    .join(',');

describe('the external-link catalogue shared by client, bridge and simulator', () => {
  it.each([
    ['2', true],
    ['505', true],
    ['506', true],
    ['1', false],
    ['501', false],
    ['5', false],
    ['999', false],
  ])('menu id %s leaves the portal: %s', (id, external) => {
    expect(isExternalMenuId(id)).toBe(external);
  });

  it('only Security Settings is owner-only', () => {
    expect(isOwnerOnlyMenuId('6')).toBe(true);
    expect(isOwnerOnlyMenuId('7')).toBe(false);
  });

  it.each([
    [['1', '3'], '1'],
    [['5'], '501'],
    [['5', '503', '502'], '503'],
    [['4', '5', '505'], '401'],
    [['6', '7'], '7'],
    [['999', '3'], '3'],
  ])('the list %j opens on %s', (ids, leaf) => {
    expect(firstLeafOf(ids)?.id).toBe(leaf);
  });
});

describe('the tiles of a saved menu list', () => {
  it('no list: the full default menu, every item active, owner-only items left out', () => {
    const tiles = editorTiles(null);
    expect(topIds(tiles)).toBe('1,2,3,4,5,7');
    expect(childIds(tiles, '5')).toBe('501,502,503,504,505,506');
  });

  it.each([
    // saved list, top-level tiles, Alarm Activity's children, Dealer Resources' children
    [
      '1,3,4,7',
      '1,3,4,7,2-,5-',
      '401,402,403,404,405,406,407,408,409,410,411',
      '501-,502-,503-,504-,505-,506-',
    ],
    [
      '7,1',
      '7,1,2-,3-,4-,5-',
      '401-,402-,403-,404-,405-,406-,407-,408-,409-,410-,411-',
      '501-,502-,503-,504-,505-,506-',
    ],
    [
      '503,501,1',
      '5,1,2-,3-,4-,7-',
      '401-,402-,403-,404-,405-,406-,407-,408-,409-,410-,411-',
      '503,501,502-,504-,505-,506-',
    ],
    [
      '1,6,7',
      '1,7,2-,3-,4-,5-',
      '401-,402-,403-,404-,405-,406-,407-,408-,409-,410-,411-',
      '501-,502-,503-,504-,505-,506-',
    ],
    [
      '1,x,42,1',
      '1,2-,3-,4-,5-,7-',
      '401-,402-,403-,404-,405-,406-,407-,408-,409-,410-,411-',
      '501-,502-,503-,504-,505-,506-',
    ],
  ])('%s', (saved, top, activity, resources) => {
    const tiles = editorTiles(saved.split(','));
    expect(topIds(tiles)).toBe(top);
    expect(childIds(tiles, '4')).toBe(activity);
    expect(childIds(tiles, '5')).toBe(resources);
  });

  it('an empty list keeps both groups, every item inactive', () => {
    const tiles = editorTiles([]);
    expect(topIds(tiles)).toBe('1-,2-,3-,4-,5-,7-');
    expect(active(tiles)).toBe('');
  });
});

describe('switches', () => {
  it.each([
    // start, switch, on, resulting list
    ['1,7', '5', true, '1,7,5,501,502,503,504,505,506'],
    ['1,5,7', '5', false, '1,7'],
    ['1,5,7', '502', false, '1,5,501,503,504,505,506,7'],
    ['1,503,7', '503', false, '1,7'],
    ['1,7', '503', true, '1,7,5,503'],
    ['1,4,7', '1', false, '4,401,402,403,404,405,406,407,408,409,410,411,7'],
  ])('%s: switching %s to %s gives %s', (start, id, on, result) => {
    expect(active(toggleTile(editorTiles(start.split(',')), id, on))).toBe(result);
  });

  it('the group follows its children: off when every child is off, on when any is on', () => {
    let tiles = editorTiles(['501', '502']);
    tiles = toggleTile(tiles, '501', false);
    expect(tiles.find((t) => t.id === '5')!.isActive).toBe(true);
    tiles = toggleTile(tiles, '502', false);
    expect(tiles.find((t) => t.id === '5')!.isActive).toBe(false);
    tiles = toggleTile(tiles, '504', true);
    expect(tiles.find((t) => t.id === '5')!.isActive).toBe(true);
  });
});

describe('reorder only while active', () => {
  it.each([
    // start, move, to, resulting top-level order
    ['1,3,7', '7', 0, '7,1,3,2-,4-,5-'],
    ['1,3,7', '2', 0, '1,3,7,2-,4-,5-'],
    ['1,3,7', '3', 99, '1,7,2-,4-,5-,3'],
  ])('%s: moving %s to %i gives %s', (start, id, to, order) => {
    expect(topIds(moveTile(editorTiles(start.split(',')), id, to))).toBe(order);
  });

  it('children move within their group, only while active', () => {
    const tiles = editorTiles(['501', '502', '503']);
    expect(childIds(moveTile(tiles, '503', 0), '5')).toBe('503,501,502,504-,505-,506-');
    expect(childIds(moveTile(tiles, '506', 0), '5')).toBe('501,502,503,504-,505-,506-');
  });
});

describe('the save checks of docs/product/reports-and-settings.md#validation', () => {
  it.each([
    ['', 'Select minimum one QDT to save.'],
    ['6', 'Select minimum one QDT to save.'],
    ['2,1', 'Data Management tab cannot be set at top of the QDT list.'],
    ['5,505,501', 'Marketing Forms & Certifications tab cannot be set at top of the QDT list.'],
    ['506,1', 'Dealer Billing tab cannot be set at top of the QDT list.'],
    ['1,2', null],
    ['5,501,505', null],
    ['5', null],
    ['4,7', null],
  ])('%j: %s', (ids, message) => {
    expect(navIdsProblem(ids.split(',').filter(Boolean))).toBe(message);
  });

  it('switching every item off cannot be saved', () => {
    let tiles = editorTiles(['1', '7']);
    tiles = toggleTile(toggleTile(tiles, '1', false), '7', false);
    expect(menuSaveProblem(tiles)).toBe('Select minimum one QDT to save.');
  });

  it('moving an external item to the top cannot be saved', () => {
    const tiles = moveTile(editorTiles(['1', '2', '7']), '2', 0);
    expect(menuSaveProblem(tiles)).toBe('Data Management tab cannot be set at top of the QDT list.');
  });
});
