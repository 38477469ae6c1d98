/**
 * The Quick Data Tabs catalogue (docs/product/shell-session-search.md#quick-data-tabs-menu) as the
 * client shows it: the items the bridge and the simulator share (shared/menu/menuCatalog.ts: ids,
 * titles, order, groups, owner-only), each with the route, icon or external target its screen
 * registry entry gives (lib/screens/screens.ts). A listed group id with none of its children listed
 * stands for the whole group (see buildMenu).
 */
import { MENU_ENTRIES, MENU_IDS, type MenuEntry } from '../../../../shared/menu/menuCatalog';
import { MENU_GROUP_ICONS, SCREENS } from '../screens/screens';
import type { ExternalUrlKey, LinkEntry, PageEntry } from '../screens/screenTypes';

export type MenuItemType = 'item' | 'collapse' | 'link';

export type { ExternalUrlKey };

export interface MenuItem {
  id: string;
  title: string;
  type: MenuItemType;
  icon: string;
  /** A client route for items; '#' for the Data Management hand-off. */
  url?: string;
  /** External links take their address from the runtime configuration. */
  externalUrlKey?: ExternalUrlKey;
  isExternalLink?: boolean;
  /**
   * The Data Management entry: a click asks for a transfer link
   * (docs/product/shell-session-search.md#states, "Hand-off").
   */
  handOff?: boolean;
  ownerOnly?: boolean;
  /**
   * Position in the default menu (docs/product/shell-session-search.md#quick-data-tabs-menu
   * "Order").
   */
  orderId: number;
  children?: MenuItem[];
}

// NOTE: ids, owner-only items and the external-link catalogue are shared with the bridge and the
// simulator (shared/menu/menuCatalog.ts).
export { MENU_IDS };

type MenuScreen = PageEntry | LinkEntry;

const screenOfMenuId = new Map<string, MenuScreen>(
  SCREENS.flatMap((s) => (s.kind !== 'redirect' && s.menu ? [[s.menu.id, s] as const] : [])),
);

/** A leaf of the menu: its shared entry joined to its screen; null when no screen opens it. */
function leafOf(entry: MenuEntry, orderId: number): MenuItem | null {
  const screen = screenOfMenuId.get(entry.id);
  if (!screen?.menu) return null;
  const base = { id: entry.id, title: entry.title, icon: screen.menu.icon, orderId };
  const owner = entry.ownerOnly ? { ownerOnly: true } : {};
  if (screen.kind === 'page') return { ...base, type: 'item', url: screen.paths[0], ...owner };
  if (screen.opens === 'handOff') return { ...base, type: 'item', url: '#', handOff: true, ...owner };
  return {
    ...base,
    type: 'link',
    externalUrlKey: screen.opens.externalUrlKey,
    isExternalLink: true,
    ...owner,
  };
}

function childrenOf(groupId: string): MenuItem[] {
  const children = MENU_ENTRIES.filter((m) => m.parentId === groupId);
  return children.flatMap((c, i) => leafOf(c, i + 1) ?? []);
}

export const MENU_CATALOG: readonly MenuItem[] = MENU_ENTRIES.filter((m) => m.parentId === null).flatMap(
  (m, i): MenuItem[] => {
    if (!m.isGroup) {
      const leaf = leafOf(m, i + 1);
      return leaf ? [leaf] : [];
    }
    const icon = MENU_GROUP_ICONS[m.id] ?? 'folder';
    return [{ id: m.id, title: m.title, type: 'collapse', icon, orderId: i + 1, children: childrenOf(m.id) }];
  },
);

/** Every item, groups and leaves, by id. */
export const MENU_BY_ID: ReadonlyMap<string, { item: MenuItem; parent: MenuItem | null }> = (() => {
  const m = new Map<string, { item: MenuItem; parent: MenuItem | null }>();
  for (const item of MENU_CATALOG) {
    m.set(item.id, { item, parent: null });
    for (const child of item.children ?? []) m.set(child.id, { item: child, parent: item });
  }
  return m;
})();

/** Leaves (items and links) of the catalogue in default order. */
export function catalogLeaves(): MenuItem[] {
  return MENU_CATALOG.flatMap((i) => (i.children ? i.children : [i]));
}
