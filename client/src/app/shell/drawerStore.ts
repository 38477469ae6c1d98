import { createStore } from '../../lib/store/createStore';

/** One side drawer at a time (docs/product/shell-session-search.md#states, "Drawers"). */
export type DrawerName = 'none' | 'recentlyAccessed' | 'advancedSearch' | 'quickPanel';

export const openDrawer = createStore<DrawerName>('none');

export function toggleDrawer(name: Exclude<DrawerName, 'none'>): void {
  openDrawer.setState((d) => (d === name ? 'none' : name));
}

export function closeDrawer(): void {
  openDrawer.setState('none');
}
