import {
  firstLeafOf,
  MENU_ENTRIES,
  MENU_ENTRY_BY_ID,
  type ExternalKind,
  type MenuEntry,
} from './menuCatalog';

/**
 * The rules of the owner's Security Settings editor (docs/product/reports-and-settings.md#states,
 * #validation), as pure functions: the tiles a sub-account's saved menu list gives, the switches,
 * the reorder, and the list a save sends. The simulator checks a saved list with the same
 * `navIdsProblem`.
 */

export interface MenuTile {
  id: string;
  title: string;
  isActive: boolean;
  external?: ExternalKind;
  /** A group's items; empty for an item. */
  children: MenuTile[];
  isGroup: boolean;
}

export const MENU_EDITOR_MESSAGES = {
  selectOne: 'Select minimum one QDT to save.',
  notAtTop: (label: string) => `${label} tab cannot be set at top of the QDT list.`,
} as const;

const tileOf = (m: MenuEntry, isActive: boolean, children: MenuTile[] = []): MenuTile => ({
  id: m.id,
  title: m.title,
  isActive,
  external: m.external,
  children,
  isGroup: m.isGroup === true,
});

/**
 * The items a sub-account's menu may hold: every item but the owner-only ones
 * (docs/product/reports-and-settings.md#validation).
 */
const editable = MENU_ENTRIES.filter((m) => !m.ownerOnly);

/**
 * The tiles of a sub-account's saved list: listed items first, in their order and active; every
 * item missing from the list appended inactive (so both groups are always there). No list at all
 * means the full default menu, every item active. A listed group with none of its children listed
 * stands for the whole group.
 */
export function editorTiles(savedIds: readonly string[] | null): MenuTile[] {
  if (savedIds === null) {
    return editable
      .filter((m) => m.parentId === null)
      .map((m) =>
        tileOf(
          m,
          true,
          editable.filter((c) => c.parentId === m.id).map((c) => tileOf(c, true)),
        ),
      );
  }
  const listed = savedIds
    .map((id) => MENU_ENTRY_BY_ID.get(id))
    .filter((m): m is MenuEntry => !!m && !m.ownerOnly);
  const listedIds = new Set(listed.map((m) => m.id));
  const topOrder: string[] = [];
  for (const m of listed) {
    const top = m.parentId ?? m.id;
    if (!topOrder.includes(top)) topOrder.push(top);
  }
  for (const m of editable) if (m.parentId === null && !topOrder.includes(m.id)) topOrder.push(m.id);

  return topOrder.map((topId) => {
    const top = MENU_ENTRY_BY_ID.get(topId)!;
    if (!top.isGroup) return tileOf(top, listedIds.has(top.id));
    const all = editable.filter((c) => c.parentId === top.id);
    const chosen = listed.filter((c) => c.parentId === top.id);
    const wholeGroup = chosen.length === 0 && listedIds.has(top.id);
    const children = wholeGroup
      ? all.map((c) => tileOf(c, true))
      : [
          ...chosen.map((c) => tileOf(c, true)),
          ...all.filter((c) => !listedIds.has(c.id)).map((c) => tileOf(c, false)),
        ];
    return tileOf(
      top,
      children.some((c) => c.isActive),
      children,
    );
  });
}

/**
 * A switch: a top-level switch sets the item and all its children; a child's switch sets the
 * child, and its group is on while any child is on (off when every child is off).
 */
export function toggleTile(tiles: readonly MenuTile[], id: string, on: boolean): MenuTile[] {
  return tiles.map((t) => {
    if (t.id === id) return { ...t, isActive: on, children: t.children.map((c) => ({ ...c, isActive: on })) };
    if (!t.children.some((c) => c.id === id)) return t;
    const children = t.children.map((c) => (c.id === id ? { ...c, isActive: on } : c));
    return { ...t, children, isActive: children.some((c) => c.isActive) };
  });
}

function moveWithin(list: readonly MenuTile[], id: string, toIndex: number): MenuTile[] | null {
  const from = list.findIndex((t) => t.id === id);
  if (from < 0) return null;
  const next = [...list];
  if (!next[from].isActive) return next;
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(toIndex, next.length)), 0, moved);
  return next;
}

/**
 * Moves a tile to a position among its siblings (top-level tiles, or the children of one group).
 * Only an active tile moves (docs/product/reports-and-settings.md#states); an inactive one leaves
 * the list as it was.
 */
export function moveTile(tiles: readonly MenuTile[], id: string, toIndex: number): MenuTile[] {
  const top = moveWithin(tiles, id, toIndex);
  if (top) return top;
  return tiles.map((t) => {
    const children = moveWithin(t.children, id, toIndex);
    return children ? { ...t, children } : t;
  });
}

/** The SelectedNavIds a save sends: active items in tile order, each group before its active items. */
export function savedNavIds(tiles: readonly MenuTile[]): string[] {
  return tiles
    .filter((t) => t.isActive)
    .flatMap((t) => [t.id, ...t.children.filter((c) => c.isActive).map((c) => c.id)]);
}

/**
 * The first rule of docs/product/reports-and-settings.md#validation a menu list breaks, as the spec
 * words it; null when it may be saved.
 */
export function navIdsProblem(ids: readonly string[]): string | null {
  const known = ids.filter((id) => MENU_ENTRY_BY_ID.has(id));
  if (known.length === 0) return MENU_EDITOR_MESSAGES.selectOne;
  const first = firstLeafOf(known);
  if (!first) return MENU_EDITOR_MESSAGES.selectOne;
  return first.external ? MENU_EDITOR_MESSAGES.notAtTop(first.title) : null;
}

/** The save check on the tiles the owner set (docs/product/reports-and-settings.md#validation). */
export function menuSaveProblem(tiles: readonly MenuTile[]): string | null {
  return navIdsProblem(savedNavIds(tiles));
}
