import type { CSSProperties, ReactNode } from 'react';

/**
 * How one screen shows a row as a card on a phone: what the row is first (title, the line under
 * it, the time or status in the corner), then the few fields a technician reads on site, then the
 * row's own content (an alarm test's systems) and its actions, each a full-size button.
 */
export interface RowCard<R> {
  /** Who or where: the account or the site. */
  title(row: R): ReactNode;
  /** What: the alarm type, the zone, the CS#. */
  subtitle?(row: R): ReactNode;
  /** The time, age or status, at the top right. */
  aside?(row: R): ReactNode;
  /** Label and value pairs, most important first; empty values are left out. */
  fields?: readonly CardField<R>[];
  /** Content of the row's own (nested rows, a map link). */
  body?(row: R): ReactNode;
  /** The row's actions, laid out as a wrap of touch-size buttons. */
  actions?(row: R): ReactNode;
  /** Colours of the card's header (an alarm's colour code). */
  headStyle?(row: R): CSSProperties | undefined;
  /** A first guess of a card's height in px; cards are measured once drawn. */
  estimateHeight?: number | ((row: R) => number);
}

export interface CardField<R> {
  label: string;
  value(row: R): ReactNode;
}
