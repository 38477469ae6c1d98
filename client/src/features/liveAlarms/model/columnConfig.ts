import { PAGE_SIZES } from '../../../components/grid/gridModel';

/**
 * The agency's saved Live Alarm View configuration
 * (docs/product/live-alarms-and-testing.md#entities "Agency config"): a JSON list of columns with
 * Name, Prop, IsActive, Events (selected event ids or SelectAll) and orderIndex; Count (rows per
 * page) rides on the first item. Width is this project's addition (the resize the user made),
 * ignored by readers that do not know it.
 */
export interface ColumnFormatItem {
  Name: string;
  Prop: string;
  IsActive: boolean;
  Events?: string | string[] | null;
  orderIndex: number;
  Count?: number;
  Width?: number;
}

export interface LiveViewConfig {
  /** Column ids (Prop) in display order, hidden ones included. */
  order: string[];
  hidden: ReadonlySet<string>;
  widths: Record<string, number>;
  /** Selected event type codes; null is 'All' (SelectAll). */
  events: ReadonlySet<string> | null;
  pageSize: number;
}

export const SELECT_ALL = 'SelectAll';
/** The agency default when Count is absent (docs/product/live-alarms-and-testing.md#constants). */
export const DEFAULT_CONFIG_PAGE_SIZE = 20;

export const CONFIG_SAVED = 'Configuration saved Successfully.';
export const CHANGES_SAVED = 'Changes saved successfully';
export const SAVE_FAILED = 'Unable to save column format.';
export const SELECTION_UNSAVED = 'Click on save button to save the selection.';

function readEvents(v: unknown): ReadonlySet<string> | null {
  if (v == null || v === '' || v === SELECT_ALL) return null;
  const list = Array.isArray(v) ? v.map(String) : String(v).split(',');
  const codes = list.map((s) => s.trim()).filter((s) => s && s !== SELECT_ALL);
  return codes.length ? new Set(codes) : null;
}

/**
 * Reads the saved text against the screen's columns: unknown columns are dropped, columns the
 * saved list lacks are appended visible, malformed text gives the defaults.
 */
export function parseColumnFormat(
  text: string | null | undefined,
  columnIds: readonly string[],
  defaultHidden: readonly string[] = [],
): LiveViewConfig {
  let items: Partial<ColumnFormatItem>[] = [];
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(parsed))
      items = parsed.filter((x): x is Partial<ColumnFormatItem> => typeof x === 'object' && x !== null);
  } catch {
    items = [];
  }
  const known = items.filter((i) => typeof i.Prop === 'string' && columnIds.includes(i.Prop));
  const sorted = [...known].sort((a, b) => Number(a.orderIndex ?? 0) - Number(b.orderIndex ?? 0));
  const order = [
    ...sorted.map((i) => i.Prop!),
    ...columnIds.filter((id) => !known.some((i) => i.Prop === id)),
  ];
  const hidden = new Set<string>(
    known.length ? known.filter((i) => i.IsActive === false).map((i) => i.Prop!) : defaultHidden,
  );
  const widths: Record<string, number> = {};
  for (const i of known)
    if (typeof i.Width === 'number' && Number.isFinite(i.Width)) widths[i.Prop!] = i.Width;
  const first = items[0] ?? {};
  const count = Number(first.Count);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(count) ? count : DEFAULT_CONFIG_PAGE_SIZE;
  return { order: [...new Set(order)], hidden, widths, events: readEvents(first.Events), pageSize };
}

/** The text UpdateAgencyConfig stores: one item per column in display order. */
export function serializeColumnFormat(cfg: LiveViewConfig, labels: Readonly<Record<string, string>>): string {
  const items: ColumnFormatItem[] = cfg.order.map((Prop, orderIndex) => ({
    Name: labels[Prop] ?? Prop,
    Prop,
    IsActive: !cfg.hidden.has(Prop),
    Events: orderIndex === 0 ? (cfg.events ? [...cfg.events].join(',') : SELECT_ALL) : null,
    orderIndex,
    ...(orderIndex === 0 ? { Count: cfg.pageSize } : {}),
    ...(cfg.widths[Prop] ? { Width: cfg.widths[Prop] } : {}),
  }));
  return JSON.stringify(items);
}

/** Display order after the grid reordered the visible columns: hidden ones keep their slots. */
export function mergeVisibleOrder(order: readonly string[], visibleOrder: readonly string[]): string[] {
  const visible = new Set(visibleOrder);
  let next = 0;
  return order.map((id) => (visible.has(id) ? visibleOrder[next++] : id));
}

/** True when two selections of event types are the same (null is All). */
export function sameEvents(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): boolean {
  if (a === null || b === null) return a === b;
  return a.size === b.size && [...a].every((x) => b.has(x));
}
