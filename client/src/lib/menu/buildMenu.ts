import { MENU_BY_ID, MENU_CATALOG, type MenuItem } from './menuCatalog';

/**
 * The user's Quick Data Tabs (docs/product/shell-session-search.md#quick-data-tabs-menu): built
 * from SelectedNavIds in their order, each item under its parent group; the full default menu when
 * there is no list; owner-only items only for the owner. A listed group id with none of its
 * children listed brings the whole group.
 */
export interface MenuAccess {
  /** null: the user has no list, the full default menu applies. */
  selectedNavIds: readonly string[] | null;
  isOwner: boolean;
}

const visibleTo = (isOwner: boolean) => (item: MenuItem) => !item.ownerOnly || isOwner;

function withChildren(group: MenuItem, children: MenuItem[]): MenuItem {
  return { ...group, children };
}

export function buildMenu(access: MenuAccess, catalog: readonly MenuItem[] = MENU_CATALOG): MenuItem[] {
  const visible = visibleTo(access.isOwner);
  if (!access.selectedNavIds) {
    return catalog
      .filter(visible)
      .map((i) => (i.children ? withChildren(i, i.children.filter(visible)) : i))
      .filter((i) => !i.children || i.children.length > 0);
  }
  const byId = catalog === MENU_CATALOG ? MENU_BY_ID : indexCatalog(catalog);
  const top: MenuItem[] = [];
  const groups = new Map<string, MenuItem[]>();
  const listedGroups = new Set<string>();
  const seen = new Set<string>();
  const ensureGroup = (group: MenuItem) => {
    if (!groups.has(group.id)) {
      groups.set(group.id, []);
      top.push(group);
    }
    return groups.get(group.id)!;
  };
  for (const id of access.selectedNavIds) {
    const entry = byId.get(id);
    if (!entry || seen.has(id) || !visible(entry.item)) continue;
    seen.add(id);
    if (entry.item.children) {
      ensureGroup(entry.item);
      listedGroups.add(id);
    } else if (entry.parent) {
      if (!visible(entry.parent)) continue;
      ensureGroup(entry.parent).push(entry.item);
    } else {
      top.push(entry.item);
    }
  }
  return top
    .map((item) => {
      if (!item.children) return item;
      const chosen = groups.get(item.id) ?? [];
      const children =
        chosen.length === 0 && listedGroups.has(item.id) ? item.children.filter(visible) : chosen;
      return withChildren(item, children);
    })
    .filter((i) => !i.children || i.children.length > 0);
}

function indexCatalog(catalog: readonly MenuItem[]) {
  const m = new Map<string, { item: MenuItem; parent: MenuItem | null }>();
  for (const item of catalog) {
    m.set(item.id, { item, parent: null });
    for (const child of item.children ?? []) m.set(child.id, { item: child, parent: item });
  }
  return m;
}

/** The QDT Type "Current" view: the leaves, in menu order. */
export function menuLeaves(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((i) => (i.children ? i.children : [i]));
}

/** Ids of every item the menu shows (groups and leaves): what the route guard allows. */
export function menuIds(menu: readonly MenuItem[]): Set<string> {
  const ids = new Set<string>();
  for (const i of menu) {
    ids.add(i.id);
    for (const c of i.children ?? []) ids.add(c.id);
  }
  return ids;
}

/**
 * The menu filter (docs/product/shell-session-search.md#validation): items whose title contains the
 * text, case-insensitively. A group whose own title matches keeps all its children; otherwise it
 * keeps the children that match.
 */
export function filterMenu(menu: readonly MenuItem[], text: string): MenuItem[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...menu];
  const hit = (i: MenuItem) => i.title.toLowerCase().includes(q);
  const out: MenuItem[] = [];
  for (const item of menu) {
    if (!item.children) {
      if (hit(item)) out.push(item);
      continue;
    }
    if (hit(item)) out.push(item);
    else {
      const children = item.children.filter(hit);
      if (children.length > 0) out.push(withChildren(item, children));
    }
  }
  return out;
}
