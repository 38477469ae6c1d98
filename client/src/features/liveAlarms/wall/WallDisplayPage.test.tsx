// NOTE: first, before anything loads react-dom: React looks for the hook that records renders once.
import { rendersDuring } from '../../../lib/testing/renderLog';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../../lib/live/LiveProvider';
import { renderWithProviders } from '../../../lib/testing/renderWithProviders';
import { repeatEpisode } from '../../../lib/testing/testEpisodes';
import { alarmRow, eventRow } from '../model/testRows';
import { BAR_LINE_PX } from './hourBarsDrawing';
import { testPen } from './testPen';
import { WallDisplayPage } from './WallDisplayPage';

/** The bridge's end of the wall's socket: it answers subscribes and sends what a test says. */
const wire = await vi.hoisted(async () =>
  (await import('../../../lib/testing/fakeLiveSocket')).fakeLiveSocket('wall-1'),
);
vi.mock('socket.io-client', () => ({ io: () => wire.socket }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const now = Date.now();
const alarm = (id: string) => alarmRow(id, now - 60_000);
/** An event of `type` a minute ago. */
const event = (id: string, type: string) => eventRow({ id, eventrpt_id: type }, now - 60_000);

let seq = 1;
const feed = (name: 'alarms' | 'events') => ({ feed: name, agencyId: '100', epoch: 'e1' });
const historyDelta = (upserts: unknown[]) =>
  act(() => wire.send('delta', { ...feed('events'), seq: ++seq, upserts, removes: [], at: Date.now() }));
/** To the next second's tick, when the wall draws what came in the second (pacedToClock). */
const toNextSecond = () => act(() => vi.advanceTimersByTime(1000 - (Date.now() % 1000)));
/** A delta of the history, then the second's tick that draws it. */
const historyDeltaDrawn = (upserts: unknown[]) => {
  historyDelta(upserts);
  toNextSecond();
};

/** The wall on its Counts view, both feeds' first rows in: events B, B, B and A. */
async function openCounts() {
  seq = 1;
  canvas = testPen(1000);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => canvas.pen as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  renderWithProviders(
    <LiveProvider>
      <WallDisplayPage />
    </LiveProvider>,
  );
  const at = Date.now();
  act(() => {
    wire.send('snapshot', { ...feed('alarms'), seq: 1, rows: [alarm('1')], stale: false, lastPollAt: at });
    wire.send('snapshot', {
      ...feed('events'),
      seq: 1,
      rows: [event('1', 'B'), event('2', 'B'), event('3', 'B'), event('4', 'A')],
      stale: false,
      lastPollAt: at,
    });
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Counts' }));
  await screen.findByRole('region', { name: 'Events in the last hour by type' });
}

/** What stands on the bars' canvas (jsdom has no canvas: a test's pen, 1,000 px wide). */
let canvas = testPen(1000);

/** The bars' canvas as laid out on the wall. */
const canvasBox = () => document.querySelector<HTMLCanvasElement>('canvas.wall__bars-canvas')!;

/**
 * Each bar as a viewer reads it: its type, its count and its length (its share of a full bar), as
 * drawn on the canvas; the list inside it, which a screen reader reads, says the same types and
 * counts in the same order.
 */
const bars = () => {
  const listed = within(screen.getByRole('region', { name: 'Events in the last hour by type' }))
    .getAllByRole('listitem')
    .map((li) => [
      li.querySelector('.wall__bar-label')!.textContent,
      li.querySelector('strong')!.textContent,
    ]);
  const drawn = canvas.lines().map((l) => [l.type, l.count, l.share] as const);
  expect(drawn.map(([type, count]) => [type, count])).toEqual(listed);
  return drawn;
};

// NOTE: first in the file: under fake timers a provider rendered after another test's took that
// test's closing connection, and the feed never went live.
describe("the wall's second", () => {
  it("ticks the clock and the status's label as each second begins, with no render", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    // Half a second into the 11th second of the next minute: the ticks below cross no minute (the
    // wall's hour moves on then, and it renders).
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 70_500);
    await openCounts();
    const clock = () => document.querySelector('.wall__clock-time')!.textContent;
    const status = () => document.querySelector('.wall__status .la-feed-status__label')!.textContent;
    act(() => wire.send('status', { ...feed('events'), seq, stale: false, lastPollAt: Date.now() }));
    const shown = clock();

    // To the next second: the clock shows it, the status still says "0s ago"; nothing renders.
    const tick = rendersDuring(() => act(() => vi.advanceTimersByTime(1000 - (Date.now() % 1000))));
    expect(clock()).not.toBe(shown);
    expect(status()).toBe('Live · updated 0s ago');
    expect(tick.all).toEqual([]);

    // A second later the label moves to "1s ago", written in place: still nothing renders.
    const next = rendersDuring(() => act(() => vi.advanceTimersByTime(1000)));
    expect(status()).toBe('Live · updated 1s ago');
    expect(next.all).toEqual([]);

    // A poll half a second later: its new age waits for the tick (written between ticks, it drew
    // a frame of its own).
    act(() => vi.advanceTimersByTime(500));
    act(() => wire.send('status', { ...feed('events'), seq, stale: false, lastPollAt: Date.now() }));
    expect(status()).toBe('Live · updated 1s ago');
    act(() => vi.advanceTimersByTime(1000 - (Date.now() % 1000)));
    expect(status()).toBe('Live · updated 0s ago');
  });
});

describe("the wall's Counts view on a delta of the history", () => {
  it("draws the bars' counts and lengths from the tally on the second's tick, and their new order as the minute turns, without a render", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    // Half a second into a second, away from a minute's start (the wall's hour moves on then).
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 70_500);
    await openCounts();
    // A full bar stands for 3 (the largest count on its stepped scale).
    expect(bars()).toEqual([
      ['B', '3', 1],
      ['A', '1', 0.3333],
    ]);

    // A fourth B: nothing moves until the second's tick, then its count and every length move
    // (the scale is 4 now), and nothing renders: the canvas is painted.
    const fourth = rendersDuring(() => {
      historyDelta([event('5', 'B')]);
      expect(bars()[0]).toEqual(['B', '3', 1]);
      toNextSecond();
    });
    expect(bars()).toEqual([
      ['B', '4', 1],
      ['A', '1', 0.25],
    ]);
    expect(fourth.count('LastHourByType')).toBe(0);
    expect(fourth.count('TypeCount')).toBe(0);

    // A passes B: the bars keep their places for the minute, their counts and lengths move.
    const passed = rendersDuring(() =>
      historyDeltaDrawn([event('6', 'A'), event('7', 'A'), event('8', 'A'), event('9', 'A')]),
    );
    expect(passed.count('LastHourByType')).toBe(0);
    expect(bars()).toEqual([
      ['B', '4', 0.8],
      ['A', '5', 1],
    ]);
    // As the hour moves on (the next minute), the list's lines are written in the new order, in
    // place: nothing renders (a render moved the list's items); the canvas keeps its size (sizing
    // it clears it and lays the page out) and repaints two lines.
    const sized = vi.spyOn(HTMLCanvasElement.prototype, 'height', 'set');
    const ranked = rendersDuring(() => {
      act(() => vi.advanceTimersByTime(60_000 - (Date.now() % 60_000)));
      toNextSecond();
    });
    expect(ranked.count('LastHourByType')).toBe(0);
    expect(ranked.count('TypeCount')).toBe(0);
    // The wall itself does not render as the minute turns (its hour moves on its own).
    expect(ranked.count('Wall')).toBe(0);
    expect(bars()).toEqual([
      ['A', '5', 1],
      ['B', '4', 0.8],
    ]);
    expect(sized).not.toHaveBeenCalled();

    // A new type gets its bar, its count and its length as its line mounts; the canvas has room
    // for it (four lines), and keeps its size.
    const added = rendersDuring(() => historyDeltaDrawn([event('10', 'F')]));
    expect(added.count('LastHourByType')).toBe(1);
    expect(added.count('TypeCount')).toBe(1);
    expect(sized).not.toHaveBeenCalled();
    expect(bars()).toEqual([
      ['A', '5', 1],
      ['B', '4', 0.8],
      ['F', '1', 0.2],
    ]);
    // A fifth type does not fit: the canvas grows, once, by four lines.
    historyDeltaDrawn([event('11', 'G'), event('12', 'H')]);
    expect(sized).toHaveBeenCalledTimes(1);
    expect(canvasBox().style.height).toBe(`${8 * BAR_LINE_PX}px`);
    expect(bars().map(([type]) => type)).toEqual(['A', 'B', 'F', 'G', 'H']);
  });

  it('re-renders the status when its words change, not on a delta that leaves them as they were', async () => {
    await openCounts();
    const status = () => document.querySelector('.wall__status .la-feed-status__label')!.textContent;
    expect(status()).toBe('Live · updated 0s ago');

    const delta = rendersDuring(() => historyDelta([event('5', 'B')]));
    expect(delta.count('WallFeedStatus')).toBe(0);
    expect(delta.count('FeedStatusWords')).toBe(0);
    expect(status()).toBe('Live · updated 0s ago');

    const stale = rendersDuring(() =>
      act(() =>
        wire.send('status', {
          ...feed('events'),
          seq,
          stale: true,
          lastPollAt: Date.now(),
          reason: 'No answer',
        }),
      ),
    );
    expect(stale.count('FeedStatusWords')).toBe(1);
    expect(status()).toBe('Stale · updated 0s ago');
  });
});

describe("the wall's Counts view on a delta of the active alarms", () => {
  it('keeps tied types in the order of their names as alarms of another type come in', async () => {
    await openCounts();
    const lines = () =>
      within(screen.getByRole('region', { name: 'Active alarms by type' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    const raised = (id: string, descr: string, ago: number) =>
      alarmRow(id, Date.now() - ago, { event_Descr: descr });
    act(() =>
      wire.send('snapshot', {
        ...feed('alarms'),
        seq: 2,
        rows: [raised('2', 'FIRE', 60_000), raised('3', 'PANIC', 30_000)],
        stale: false,
        lastPollAt: Date.now(),
      }),
    );
    // NOTE: drawn on the second's tick, up to a second later (pacedToClock).
    await vi.waitFor(() => expect(lines()).toEqual(['1 FIRE', '1 PANIC']), { timeout: 5000 });
    act(() =>
      wire.send('delta', {
        ...feed('alarms'),
        seq: 3,
        upserts: [raised('4', 'ALARM', 1_000)],
        removes: [],
        at: Date.now(),
      }),
    );
    await vi.waitFor(() => expect(lines()).toEqual(['1 ALARM', '1 FIRE', '1 PANIC']), {
      timeout: 5000,
    });
  });
});

describe("the wall's subscribe to the history", () => {
  it('asks for the events of its hour only, from the minute its hour starts', async () => {
    // NOTE: the last test's connection closes a tick after its page left, and with it the one
    // fake socket: open it again after that.
    await new Promise((r) => setTimeout(r, 10));
    wire.socket.connected = true;
    const before = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
    const asked = wire.subscribes.length;
    await openCounts();
    const after = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
    const history = wire.subscribes
      .slice(asked)
      .filter((s) => (s as { feed: string }).feed === 'events') as Array<{ from?: number }>;
    expect(history).toHaveLength(1);
    expect([before, after]).toContain(history[0].from);
    expect(history[0]).toEqual({ feed: 'events', agencyId: '100', from: history[0].from });
  });
});

describe("the wall's anomalies band on a repeat signal", () => {
  it('writes the words that changed, with no render of the band or its lines', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 70_500);
    await new Promise((r) => setTimeout(r, 10));
    wire.socket.connected = true;
    await openCounts();
    const list = (third: number) =>
      Array.from({ length: 8 }, (_, i) => repeatEpisode(i, i === 3 ? third : 4, now));
    act(() => wire.send('anomalies', { agencyId: '100', episodes: list(4), at: 1, rev: 0 }));
    toNextSecond();
    const band = () =>
      within(screen.getByRole('region', { name: 'Live anomalies' })).getAllByRole('listitem');
    expect(band()).toHaveLength(8);

    // The whole list comes again, as the bridge sends it, with one count moved.
    const repeat = rendersDuring(() => {
      act(() => wire.send('anomalies', { agencyId: '100', episodes: list(5), at: 2, rev: 0 }));
      toNextSecond();
    });
    expect(band()[3].textContent).toBe('Repeat alarms: CS# C10003 had 5 alarms in 24 h · Site 3');
    expect(repeat.count('WallAnomalies')).toBe(0);
    expect(repeat.count('AnomalyLine')).toBe(0);
  });
});
