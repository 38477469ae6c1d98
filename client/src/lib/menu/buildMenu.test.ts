import { describe, expect, it } from 'vitest';
import { buildMenu, filterMenu, menuIds, menuLeaves } from './buildMenu';
import { MENU_CATALOG } from './menuCatalog';

const titles = (items: { title: string; children?: { title: string }[] }[]) =>
  items.map((i) => (i.children ? `${i.title}[${i.children.map((c) => c.title).join(', ')}]` : i.title));

describe('the Quick Data Tabs menu', () => {
  it('shows the full default menu in the spec order when the user has no SelectedNavIds', () => {
    const menu = buildMenu({ selectedNavIds: null, isOwner: true });
    expect(menu.map((i) => i.title)).toEqual([
      'Live Alarm View',
      'Data Management',
      'Alarm Testing',
      'Alarm Activity',
      'Dealer Resources',
      'Security Settings',
      'Settings',
    ]);
    expect(menu.find((i) => i.title === 'Alarm Activity')?.children).toHaveLength(11);
    expect(menu.find((i) => i.title === 'Dealer Resources')?.children?.map((c) => c.title)).toEqual([
      'Monitoring Certificate Wizard',
      'Site Contact Report',
      'Zone Report',
      'Investigation Requests',
      'Marketing Forms & Certifications',
      'Dealer Billing',
    ]);
  });

  it('shows owner-only items to the owner only', () => {
    expect(titles(buildMenu({ selectedNavIds: null, isOwner: false }))).not.toContain('Security Settings');
    expect(titles(buildMenu({ selectedNavIds: ['7', '6'], isOwner: false }))).toEqual(['Settings']);
    expect(titles(buildMenu({ selectedNavIds: ['7', '6'], isOwner: true }))).toEqual([
      'Settings',
      'Security Settings',
    ]);
  });

  it('follows the order of SelectedNavIds and places each item under its parent group', () => {
    const menu = buildMenu({ selectedNavIds: ['7', '411', '1', '503', '401'], isOwner: false });
    expect(titles(menu)).toEqual([
      'Settings',
      'Alarm Activity[Growth & Attrition, Actuals]',
      'Live Alarm View',
      'Dealer Resources[Zone Report]',
    ]);
  });

  it('ignores ids it does not know and repeated ids', () => {
    const menu = buildMenu({ selectedNavIds: ['nope', '7', '7'], isOwner: false });
    expect(titles(menu)).toEqual(['Settings']);
  });

  it('reads the demo sub-account list 1,3,4,7 as four top-level entries with the whole Alarm Activity group', () => {
    const menu = buildMenu({ selectedNavIds: ['1', '3', '4', '7'], isOwner: false });
    expect(menu.map((i) => i.title)).toEqual([
      'Live Alarm View',
      'Alarm Testing',
      'Alarm Activity',
      'Settings',
    ]);
    expect(menu[2].children).toHaveLength(11);
  });

  it('brings a whole group when only the group id is listed', () => {
    const menu = buildMenu({ selectedNavIds: ['4'], isOwner: false });
    expect(menu[0].children).toHaveLength(11);
  });

  it('lists the leaves in menu order for the Current view and the ids the route guard allows', () => {
    const menu = buildMenu({ selectedNavIds: ['411', '7'], isOwner: false });
    expect(menuLeaves(menu).map((i) => i.id)).toEqual(['411', '7']);
    expect([...menuIds(menu)]).toEqual(['4', '411', '7']);
  });

  it('filters items by title, case-insensitively, keeping matching children under their group', () => {
    const menu = buildMenu({ selectedNavIds: null, isOwner: true });
    expect(titles(filterMenu(menu, 'DISPATCH'))).toEqual([
      'Alarm Activity[Agency Dispatch, Agency Refuse to Dispatch, Dispatch Cancellation from AASMS & Text App]',
    ]);
    expect(titles(filterMenu(menu, 'settings'))).toEqual(['Security Settings', 'Settings']);
    expect(filterMenu(menu, 'dealer resources')[0].children).toHaveLength(6);
    expect(filterMenu(menu, 'zzz')).toEqual([]);
    expect(filterMenu(menu, '  ')).toHaveLength(MENU_CATALOG.length);
  });
});
