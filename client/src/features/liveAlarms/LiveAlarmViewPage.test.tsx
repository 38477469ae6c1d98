// NOTE: first, before anything loads react-dom: React looks for the hook that records renders once.
import { rendersDuring } from '../../lib/testing/renderLog';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveAlarmRow } from '../../../../shared/upstream/activeAlarmRow';
import type { EventLogRow } from '../../../../shared/upstream/eventLogRow';
import { LiveProvider } from '../../lib/live/LiveProvider';
import { renderWithProviders, testProfile, withLayoutSize } from '../../lib/testing/renderWithProviders';
import { LiveAlarmViewPage, TAB_ALARMS, TAB_HISTORY } from './LiveAlarmViewPage';
import { alarmRow, eventRow } from './model/testRows';

/** The bridge's end of the page's socket: it answers subscribes and sends what a test says. */
const wire = await vi.hoisted(async () =>
  (await import('../../lib/testing/fakeLiveSocket')).fakeLiveSocket('screen-1'),
);
vi.mock('socket.io-client', () => ({ io: () => wire.socket }));
vi.mock('./liveAlarmsApi', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./liveAlarmsApi')>()),
  fetchAgencyConfig: async () => null,
  fetchEventTypes: async () => [],
}));

afterEach(cleanup);
withLayoutSize({ clientHeight: 800, clientWidth: 1200 });

const now = Date.now();
const alarm = (id: string, minutesAgo: number, over: Partial<ActiveAlarmRow> = {}) =>
  alarmRow(id, now - minutesAgo * 60_000, over);
const event = (id: string, minutesAgo: number, over: Partial<EventLogRow> = {}) =>
  eventRow({ id, siteName: `Event site ${id}`, ...over }, now - minutesAgo * 60_000);

/** Each feed's last change number. */
const seqs = { alarms: 1, events: 1 };
const feed = (name: 'alarms' | 'events') => ({ feed: name, agencyId: '100', epoch: 'e1' });
/** The next delta of one feed, as the bridge sends it, applied inside act. */
const delta = (name: 'alarms' | 'events', upserts: unknown[], removes: string[] = []) =>
  act(() => wire.send('delta', { ...feed(name), seq: ++seqs[name], upserts, removes, at: Date.now() }));

/** The Live Alarm View signed in, opening on `tab`, with both feeds' first rows in. */
async function openView(tab: number, alarms: ActiveAlarmRow[], events: EventLogRow[]) {
  seqs.alarms = seqs.events = 1;
  const prefs = JSON.stringify([{ DefaultLiveAlarmViewTab: tab, GraphsView: 9002 }]);
  renderWithProviders(
    <LiveProvider>
      <LiveAlarmViewPage />
    </LiveProvider>,
    testProfile({ sitePreferences: prefs }),
  );
  // NOTE: the page's first render loads its parts; on a loaded host that takes seconds.
  await screen.findByRole('grid', {}, { timeout: 10_000 });
  act(() => {
    wire.send('snapshot', { ...feed('alarms'), seq: 1, rows: alarms, stale: false, lastPollAt: now });
    wire.send('snapshot', { ...feed('events'), seq: 1, rows: events, stale: false, lastPollAt: now });
  });
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`[role="row"][data-row-id="${id}"]`)!;
const badge = () => screen.getByRole('tab', { name: /Active Alarms Only/ }).querySelector('.la-tabs__badge');

describe('the Live Alarm View on a delta', () => {
  it('Active Alarms: one changed alarm re-renders its row alone, not the page or the tab', async () => {
    await openView(TAB_ALARMS, [alarm('1', 1), alarm('2', 2), alarm('3', 3)], [event('1', 1)]);
    expect(within(rowOf('2')).getByText('BURGLARY')).toBeTruthy();

    const changed = rendersDuring(() => delta('alarms', [alarm('2', 2, { event_Descr: 'FIRE' })]));
    expect(changed.count('LiveAlarmView')).toBe(0);
    expect(changed.count('ActiveAlarmsView')).toBe(0);
    expect(changed.keys('GridRow')).toEqual(['2']);
    expect(within(rowOf('2')).getByText('FIRE')).toBeTruthy();
    expect(screen.getByTestId('alarm-count').textContent).toBe('3 active alarms');

    // An older alarm arrives (it sorts last): its row renders, and the changed row's, whose
    // flash passes to it; both counts say 4.
    const arrived = rendersDuring(() => delta('alarms', [alarm('4', 30)]));
    expect(arrived.count('LiveAlarmView')).toBe(0);
    expect(arrived.count('ActiveAlarmsView')).toBe(0);
    expect(arrived.keys('GridRow').sort()).toEqual(['2', '4']);
    expect(rowOf('4').className).toContain('grid__row--new');
    expect(rowOf('2').className).not.toContain('grid__row--new');
    expect(screen.getByTestId('alarm-count').textContent).toBe('4 active alarms');
    expect(badge()?.textContent).toBe('4');

    // A delta of the feed the other tab shows renders nothing here.
    const other = rendersDuring(() => delta('events', [event('2', 0)]));
    expect(other.count('LiveAlarmView')).toBe(0);
    expect(other.count('ActiveAlarmsView')).toBe(0);
    expect(other.keys('GridRow')).toEqual([]);
  });

  it('All Event History: one changed event re-renders its row alone; an alarm moves only the badge', async () => {
    await openView(TAB_HISTORY, [alarm('1', 1)], [event('1', 1), event('2', 2), event('3', 3)]);
    expect(within(rowOf('2')).getByText('BURGLARY')).toBeTruthy();

    const changed = rendersDuring(() => delta('events', [event('2', 2, { description: 'FIRE ALARM' })]));
    expect(changed.count('LiveAlarmView')).toBe(0);
    expect(changed.count('EventHistoryView')).toBe(0);
    expect(changed.keys('GridRow')).toEqual(['2']);
    expect(within(rowOf('2')).getByText('FIRE ALARM')).toBeTruthy();

    expect(badge()?.textContent).toBe('1');
    const alarmArrived = rendersDuring(() => delta('alarms', [alarm('2', 0)]));
    expect(alarmArrived.count('LiveAlarmView')).toBe(0);
    expect(alarmArrived.count('EventHistoryView')).toBe(0);
    expect(alarmArrived.keys('GridRow')).toEqual([]);
    expect(badge()?.textContent).toBe('2');
  });
});

describe('the Live Alarm View as it loads', () => {
  it('draws the rows with the strip above them: the first rows wait for the open anomalies, sent just before the alarms', async () => {
    seqs.alarms = seqs.events = 1;
    // Connected from the start: the feeds subscribe as the page opens.
    wire.socket.connected = true;
    const prefs = JSON.stringify([{ DefaultLiveAlarmViewTab: TAB_HISTORY, GraphsView: 9002 }]);
    renderWithProviders(
      <LiveProvider>
        <LiveAlarmViewPage aboveGrid={() => <p>Open anomalies here</p>} />
      </LiveProvider>,
      testProfile({ sitePreferences: prefs }),
    );
    await screen.findByText('Loading alarms…', {}, { timeout: 10_000 });
    // Subscribed, the history's first rows in, the anomalies not yet: nothing is drawn that the
    // strip would push down.
    act(() =>
      wire.send('snapshot', {
        ...feed('events'),
        seq: 1,
        rows: [event('1', 1)],
        stale: false,
        lastPollAt: now,
      }),
    );
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.getByText('Loading alarms…')).toBeTruthy();

    act(() => wire.send('anomalies', { agencyId: '100', episodes: [], at: now, rev: 0 }));
    expect(await screen.findByRole('grid')).toBeTruthy();
    expect(screen.getByText('Open anomalies here')).toBeTruthy();
  });
});
