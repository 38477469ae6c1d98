import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnomalyEpisode } from '../../../../../shared/anomalies/anomalyApi';
import { LiveProvider } from '../../../lib/live/LiveProvider';
import { WallAnomalies } from './WallAnomalies';
import { fakeLiveClient } from '../../../lib/testing/fakeLiveClient';
import { repeatEpisode } from '../../../lib/testing/testEpisodes';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** To the next second's tick, when the wall draws what came in the second. */
const toNextSecond = () => act(() => vi.advanceTimersByTime(1000 - (Date.now() % 1000)));

const startedAt = new Date(2026, 10, 29, 14, 5).getTime();
const episode = (i: number): AnomalyEpisode => repeatEpisode(i, 3, startedAt);

function renderBanner(episodes: AnomalyEpisode[]) {
  const { client, receive } = fakeLiveClient();
  render(
    <LiveProvider client={client}>
      <WallAnomalies agencyId="100" />
    </LiveProvider>,
  );
  receive('anomalies', { agencyId: '100', episodes, at: 1, rev: 0 });
  toNextSecond();
}

const lines = () =>
  within(screen.getByRole('region', { name: 'Live anomalies' }))
    .getAllByRole('listitem')
    .map((l) => l.textContent);

describe("the wall's anomalies banner", () => {
  it("has a line per open episode in the strip's words, with its site", () => {
    renderBanner([episode(1), episode(2)]);
    expect(lines()).toEqual([
      'Repeat alarms: CS# C10001 had 3 alarms in 24 h · Site 1',
      'Repeat alarms: CS# C10002 had 3 alarms in 24 h · Site 2',
    ]);
  });

  it("draws a change on the second's tick, with the clock, not in a frame of its own", () => {
    vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 1300);
    const { client, receive } = fakeLiveClient();
    render(
      <LiveProvider client={client}>
        <WallAnomalies agencyId="100" />
      </LiveProvider>,
    );
    receive('anomalies', { agencyId: '100', episodes: [episode(1)], at: 1, rev: 0 });
    expect(screen.queryByRole('region', { name: 'Live anomalies' })).toBeNull();
    toNextSecond();
    expect(lines()).toEqual(['Repeat alarms: CS# C10001 had 3 alarms in 24 h · Site 1']);
  });

  it('draws the lines that can show in its 40% of the screen, not every open episode', () => {
    // jsdom: 768 px high, a 16 px root: 40% is 307 px, a line at least 22.4 px: 14 lines, and one more.
    renderBanner(Array.from({ length: 200 }, (_, i) => episode(i)));
    const shown = lines();
    expect(shown).toHaveLength(Math.ceil((window.innerHeight * 0.4) / (1.4 * 16)) + 1);
    expect(shown[0]).toBe('Repeat alarms: CS# C10000 had 3 alarms in 24 h · Site 0');
  });

  it('writes a changed count on the tick with no render of the band; an episode opening renders it', () => {
    const { client, receive } = fakeLiveClient();
    let renders = 0;
    render(
      <LiveProvider client={client}>
        <Profiler id="band" onRender={() => renders++}>
          <WallAnomalies agencyId="100" />
        </Profiler>
      </LiveProvider>,
    );
    receive('anomalies', { agencyId: '100', episodes: [episode(1), episode(2)], at: 1, rev: 0 });
    toNextSecond();
    const before = renders;
    // A repeat signal: the second episode's count moves; the list comes as new objects.
    receive('anomalies', {
      agencyId: '100',
      episodes: [episode(1), repeatEpisode(2, 4, startedAt)],
      at: 2,
      rev: 1,
    });
    toNextSecond();
    expect(lines()).toEqual([
      'Repeat alarms: CS# C10001 had 3 alarms in 24 h · Site 1',
      'Repeat alarms: CS# C10002 had 4 alarms in 24 h · Site 2',
    ]);
    expect(renders).toBe(before);
    receive('anomalies', {
      agencyId: '100',
      episodes: [episode(3), episode(1), repeatEpisode(2, 4, startedAt)],
      at: 3,
      rev: 2,
    });
    toNextSecond();
    expect(lines()).toEqual([
      'Repeat alarms: CS# C10003 had 3 alarms in 24 h · Site 3',
      'Repeat alarms: CS# C10001 had 3 alarms in 24 h · Site 1',
      'Repeat alarms: CS# C10002 had 4 alarms in 24 h · Site 2',
    ]);
    expect(renders).toBeGreaterThan(before);
    receive('anomalies', { agencyId: '100', episodes: [], at: 4, rev: 3 });
    toNextSecond();
    expect(screen.queryByRole('region', { name: 'Live anomalies' })).toBeNull();
  });
});
