import type { MenuId } from '../../../../shared/menu/menuCatalog';

/**
 * The shape of the one screen registry (screens.ts). Each screen is one entry; the router, the
 * route guard and the Quick Data Tabs menu are derived from the entries.
 */

/** Runtime configuration keys that hold the two external Dealer Resources links. */
export type ExternalUrlKey = 'marketingFormsUrl' | 'dealerBillingUrl';

/**
 * The Quick Data Tabs item an entry is. Its title, group, order, owner-only flag and whether it
 * leaves the portal come from the catalogue the bridge and the simulator share
 * (shared/menu/menuCatalog.ts); the client adds the route and the icon.
 */
export interface MenuPlacement {
  /** The id SelectedNavIds lists. */
  id: MenuId;
  icon: string;
}

/**
 * The screen families, numbered as the specification's documents were: 1 the shell and session
 * (docs/product/shell-session-search.md), 2 live alarms and testing
 * (docs/product/live-alarms-and-testing.md), 3 reports and settings
 * (docs/product/reports-and-settings.md).
 */
export type SpecDoc = 1 | 2 | 3;

/** A screen the router opens. */
export interface PageEntry {
  kind: 'page';
  /** Every url that opens it; the menu links the first. */
  paths: readonly [string, ...string[]];
  title: string;
  /**
   * The module under client/src that holds the screen, without extension; it exports a component
   * named as the file (`features/reports/ActualsPage` exports `ActualsPage`). Loaded on first open.
   */
  page: string;
  /** Its Quick Data Tabs item; the guard lets in users whose menu has it. */
  menu?: MenuPlacement;
  /**
   * The family whose page describes the screen, where its own rules differ from the shell's
   * (a 403's wording: docs/product/live-alarms-and-testing.md#messages,
   * docs/product/reports-and-settings.md#messages). Omitted: the shell's family (1).
   */
  doc?: SpecDoc;
  /**
   * For a screen without an item of its own: the menu id of the area it belongs to (the guard
   * treats it as that item, owner-only included). Neither `menu` nor `partOf`: a session is enough.
   */
  partOf?: MenuId;
  /**
   * The screen also opens in a browser without a session, alone (no shell, no sign-in first): a
   * wall display pairs itself there. The page decides what it shows without one.
   */
  withoutSession?: true;
}

/** An old url that sends the user on. */
export interface RedirectEntry {
  kind: 'redirect';
  path: string;
  to: string;
}

/** A menu item that leaves the portal: an external link, or the Data Management hand-off. */
export interface LinkEntry {
  kind: 'link';
  menu: MenuPlacement;
  /**
   * `handOff`: a click asks for a transfer link (docs/product/shell-session-search.md#states);
   * otherwise the configured url.
   */
  opens: 'handOff' | { externalUrlKey: ExternalUrlKey };
}

export type ScreenEntry = PageEntry | RedirectEntry | LinkEntry;
