import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import {
  useVirtualizer,
  useWindowVirtualizer,
  windowScroll,
  type Virtualizer,
} from '@tanstack/react-virtual';
import type { RowCard } from './rowCard';
import './cardList.css';

export interface CardListProps<R> {
  /** Accessible name of the list (the grid's label on a desktop). */
  label: string;
  rows: readonly R[];
  getRowId(row: R): string;
  card: RowCard<R>;
  /**
   * 'page' (default): the page itself scrolls, as a phone user expects. 'box': the list scrolls
   * inside its own box (a drawer, which has its own scrolling).
   */
  scroll?: 'page' | 'box';
  /** Rows to flash as new (ids). */
  highlightedRowIds?: ReadonlySet<string>;
  emptyText?: string;
  loading?: boolean;
  /** The last card is in view: a screen can load older rows. Called once per row count. */
  onEndReached?(): void;
  /** Brings a card into view by its row's id (a notification's alarm). */
  scrollRef?: { current: ((id: string) => void) | null };
  overscan?: number;
}

const GAP = 8;

/**
 * The phone's presentation of a screen's rows (docs/decisions.md, "Phones in the field"): one card
 * per row, virtualized like the grid (only the cards in view are in the DOM), keyed by row id so
 * live inserts keep each card's measured height, and fed by the same rows the grid would show.
 */
export function CardList<R>(props: CardListProps<R>) {
  return props.scroll === 'box' ? <BoxCardList {...props} /> : <PageCardList {...props} />;
}

function useListOptions<R>(props: CardListProps<R>) {
  const { rows, getRowId, card } = props;
  const estimateSize = useCallback(
    (i: number) => {
      const guess = card.estimateHeight ?? 160;
      return (typeof guess === 'function' ? guess(rows[i]) : guess) + GAP;
    },
    [card, rows],
  );
  const getItemKey = useCallback((i: number) => getRowId(rows[i]), [rows, getRowId]);
  return {
    count: rows.length,
    estimateSize,
    getItemKey,
    measureElement: measureAfterLayout,
    // NOTE: a card is a third of a phone's screen: two beyond each edge are most of a screen
    // ready for a flick; each one more was mounted with the first rows (issue 38).
    overscan: props.overscan ?? 2,
  };
}

/**
 * A card's height as the ResizeObserver gives it, after the browser's own layout. When a card
 * mounts (no entry yet) its height is the one known or the estimate, not read from the page:
 * reading it there forced a layout per card as the list mounted, about 100 ms on a phone
 * (issue 38). The observer's first entry for each card follows in the same frame.
 */
function measureAfterLayout(
  el: Element,
  entry: ResizeObserverEntry | undefined,
  list: Virtualizer<Window, Element> | Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  // NOTE: inside the observer's callback the layout is done: this read costs nothing.
  if (entry) return Math.round(el.getBoundingClientRect().height);
  const index = list.indexFromElement(el);
  return list.itemSizeCache.get(list.options.getItemKey(index)) ?? list.options.estimateSize(index);
}

/** Where a page's list starts, and the window's size then (read together, after a layout). */
interface Placement {
  margin: number;
  viewport: { width: number; height: number };
  scrollY: number;
}

function PageCardList<R>(props: CardListProps<R>) {
  const listRef = useRef<HTMLDivElement>(null);
  // null until first read: the list draws no card before, and its virtualizer reads nothing of
  // the page (its scroll position forces a layout too).
  const [place, setPlace] = useState<Placement | null>(null);
  const placed = useRef<Placement | null>(null);
  // NOTE: the page scrolls, so the virtualizer needs where the list starts on the page. It is
  // read inside a ResizeObserver's callback, where the browser's layout is done: its first call
  // comes in the frame the list is first laid out, later ones whenever the page's size changes (a
  // toolbar above wraps, a strip appears, rows arrive). Read as the list mounted, it forced the
  // layout of the whole new screen inside the task that mounted it, and the cards were rendered
  // in that task too (issue 38). While the list shows on screen, a change renders at once
  // (flushSync), before that frame paints, so no card jumps or comes a frame late; while it is
  // below the screen (a strip and the chart above it on a phone), it renders in a task of its own
  // after the paint, which looks the same. Measured after every render, it forced a layout inside
  // each delta's task.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const read = (): Placement => ({
      margin: Math.round(el.getBoundingClientRect().top + window.scrollY),
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scrollY: window.scrollY,
    });
    if (typeof ResizeObserver === 'undefined') {
      setPlace(read());
      return;
    }
    let last: number | null = null;
    const observer = new ResizeObserver(() => {
      const next = read();
      if (next.margin === last) return;
      last = next.margin;
      placed.current = next;
      if (next.margin < window.scrollY + next.viewport.height) flushSync(() => setPlace(next));
      // NOTE: below the screen as a transition: React renders the cards in slices that yield to
      // the browser (an update from here is otherwise rendered whole, in one task).
      else startTransition(() => setPlace(next));
    });
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, []);
  // The window's size as the virtualizer starts: the one read with the list's place. NOTE: read
  // again there (the library's default), in the commit that drew the first cards, it forced
  // their style and layout inside that task (issue 38); a resize still reads it.
  const observeViewport = useCallback(
    (list: Virtualizer<Window, Element>, report: (rect: { width: number; height: number }) => void) => {
      const win = list.scrollElement;
      if (!win) return;
      const read = () => report({ width: win.innerWidth, height: win.innerHeight });
      if (placed.current) report(placed.current.viewport);
      else read();
      win.addEventListener('resize', read, { passive: true });
      return () => win.removeEventListener('resize', read);
    },
    [],
  );
  // As it starts, the virtualizer writes the window's scroll position back where it is; that
  // write, too, forced the first cards' layout. It is left out when it would not move the page.
  const started = useRef(false);
  const scrollWindow = useCallback(
    (
      offset: number,
      opts: { adjustments?: number; behavior?: ScrollBehavior },
      list: Virtualizer<Window, Element>,
    ) => {
      const first = !started.current;
      started.current = true;
      if (first && !opts.adjustments && offset === placed.current?.scrollY) return;
      windowScroll(offset, opts, list);
    },
    [],
  );
  const virtualizer = useWindowVirtualizer({
    ...useListOptions(props),
    observeElementRect: observeViewport,
    scrollToFn: scrollWindow,
    initialOffset: place?.scrollY,
    enabled: place !== null,
    scrollMargin: place?.margin ?? 0,
    initialRect: place?.viewport,
  });
  return <Cards {...props} listRef={listRef} virtualizer={virtualizer} offset={place?.margin ?? 0} />;
}

function BoxCardList<R>(props: CardListProps<R>) {
  const listRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler in the build; the virtualizer re-renders this component itself
  const virtualizer = useVirtualizer({
    ...useListOptions(props),
    getScrollElement: () => listRef.current,
  });
  return <Cards {...props} listRef={listRef} virtualizer={virtualizer} offset={0} box />;
}

function Cards<R>(
  props: CardListProps<R> & {
    listRef: React.RefObject<HTMLDivElement | null>;
    virtualizer: Virtualizer<Window, Element> | Virtualizer<HTMLDivElement, Element>;
    offset: number;
    box?: boolean;
  },
) {
  const { label, rows, getRowId, card, highlightedRowIds, virtualizer, offset, onEndReached } = props;
  const { listRef, box, loading, emptyText, scrollRef } = props;
  const items = virtualizer.getVirtualItems();

  const last = items.length ? items[items.length - 1].index : -1;
  const reportedFor = useRef(-1);
  useEffect(() => {
    if (!onEndReached || rows.length === 0 || last < rows.length - 1) return;
    if (reportedFor.current === rows.length) return;
    reportedFor.current = rows.length;
    onEndReached();
  }, [last, rows.length, onEndReached]);

  useEffect(() => {
    if (!scrollRef) return;
    scrollRef.current = (id) => {
      const i = rows.findIndex((r) => getRowId(r) === id);
      if (i >= 0) virtualizer.scrollToIndex(i, { align: 'center' });
    };
    return () => {
      scrollRef.current = null;
    };
  }, [scrollRef, rows, getRowId, virtualizer]);

  let content: ReactNode;
  if (rows.length === 0) {
    content = loading ? (
      <p className="card-list__empty muted" role="status">
        Loading…
      </p>
    ) : (
      <p className="card-list__empty" role="status">
        {emptyText ?? 'No records found'}
      </p>
    );
  }
  return (
    <div
      ref={listRef}
      className={`card-list${box ? ' card-list--box' : ''}`}
      aria-busy={loading || undefined}
    >
      {content}
      <div
        role="list"
        aria-label={label}
        className="card-list__canvas"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          const id = getRowId(row);
          return (
            // NOTE: a div: ARIA allows no listitem role on an article (axe, Lighthouse's audit).
            <div
              key={v.key}
              role="listitem"
              className={`row-card${highlightedRowIds?.has(id) ? ' row-card--new' : ''}`}
              data-row-id={id}
              data-index={v.index}
              ref={virtualizer.measureElement}
              style={{ transform: `translateY(${v.start - offset}px)` }}
            >
              <RowCardView row={row} card={card} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * One card's content. NOTE: memoised on the row and the card's description: the list re-renders
 * when any row changes, the virtualizer measures or the page's margin moves (the rest of a
 * window arriving in parts, a delta elsewhere), and a card whose row is the same object shows the
 * same thing (issue 38).
 */
const RowCardView = memo(function RowCardView<R>({ row, card }: { row: R; card: RowCard<R> }) {
  const fields = (card.fields ?? [])
    .map((f) => ({ label: f.label, value: f.value(row) }))
    .filter((f) => f.value != null && f.value !== '');
  return (
    <>
      <header className="row-card__head" style={card.headStyle?.(row)}>
        <div className="row-card__title">{card.title(row)}</div>
        {card.aside ? <div className="row-card__aside">{card.aside(row)}</div> : null}
      </header>
      {card.subtitle ? <div className="row-card__subtitle">{card.subtitle(row)}</div> : null}
      {fields.length ? (
        <dl className="row-card__fields">
          {fields.map((f) => (
            <div key={f.label} className="row-card__field">
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {card.body ? <div className="row-card__body">{card.body(row)}</div> : null}
      {card.actions ? <div className="row-card__actions">{card.actions(row)}</div> : null}
    </>
  );
}) as <R>(props: { row: R; card: RowCard<R> }) => ReactNode;
