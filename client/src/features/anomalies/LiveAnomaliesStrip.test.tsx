import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnomalyEpisode } from '../../../../shared/anomalies/anomalyApi';
import { MENU_IDS, type MenuId } from '../../../../shared/menu/menuCatalog';
import { LiveProvider } from '../../lib/live/LiveProvider';
import { SCREENS } from '../../lib/screens/screens';
import { initialSessionView, SessionViewContext } from '../../lib/session/sessionView';
import { testProfile } from '../../lib/testing/renderWithProviders';
import { LiveAnomaliesStrip } from './LiveAnomaliesStrip';
import { fakeLiveClient } from '../../lib/testing/fakeLiveClient';

afterEach(cleanup);

const startedAt = new Date(2026, 10, 29, 14, 5).getTime();
const runaway: AnomalyEpisode = {
  id: 'e1',
  agencyId: '100',
  kind: 'runaway',
  csNo: 'C10420',
  siteNo: '100019',
  systemNo: '200022',
  siteName: 'Lewis Residence',
  count: 25,
  window: 60,
  startedAt,
  updatedAt: startedAt,
};
const repeat: AnomalyEpisode = {
  ...runaway,
  id: 'e2',
  kind: 'repeatAlarms',
  csNo: 'C11121',
  siteNo: '100046',
  systemNo: '200053',
  siteName: 'Keystone Fitness Center',
  count: 3,
  window: 24,
};

/** Where the app is: the strip's buttons navigate, and this shows where to. */
function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

/**
 * The strip on the Live Alarm View of a user whose menu is `navIds` (null: the whole menu), with
 * `episodes` open for agency 100.
 */
function renderStrip(navIds: string | null, episodes: AnomalyEpisode[] = [runaway, repeat]) {
  const { client, receive } = fakeLiveClient();
  const profile = testProfile({
    sitePreferences: navIds == null ? null : JSON.stringify([{ SelectedNavIds: navIds }]),
  });
  render(
    <SessionViewContext.Provider value={{ ...initialSessionView, status: 'signedIn', profile }}>
      <LiveProvider client={client}>
        <MemoryRouter initialEntries={['/dashboardDetails']}>
          <Routes>
            <Route path="/dashboardDetails" element={<LiveAnomaliesStrip agencyId="100" />} />
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </LiveProvider>
    </SessionViewContext.Provider>,
  );
  receive('anomalies', { agencyId: '100', episodes, at: 1, rev: 0 });
  return { receive };
}

const lineOf = (csNo: string) => {
  const strip = within(screen.getByRole('region', { name: 'Live anomalies' }));
  const item = strip.getByText(new RegExp(`CS# ${csNo} `)).closest('li');
  if (!item) throw new Error(`no line for ${csNo}`);
  return within(item);
};
/** The path of the screen whose Quick Data Tabs item is `menuId`. */
const pathOfReport = (menuId: MenuId) =>
  SCREENS.flatMap((s) => (s.kind === 'page' && s.menu?.id === menuId ? s.paths : []));

describe('the Live anomalies strip', () => {
  it("has a line per open episode in the issue's words, with its site and start", () => {
    renderStrip(null);
    const strip = screen.getByRole('region', { name: 'Live anomalies' });
    const lines = within(strip).getAllByRole('listitem');
    expect(lines.map((l) => l.querySelector('.anomalies__text')?.textContent)).toEqual([
      'Runaway: CS# C10420 sent 25 signals in 60 min',
      'Repeat alarms: CS# C11121 had 3 alarms in 24 h',
    ]);
    expect(lineOf('C10420').getByText('Lewis Residence')).toBeTruthy();
    expect(lineOf('C11121').getByText('Keystone Fitness Center')).toBeTruthy();
    expect(lineOf('C11121').getByText(/^started (Nov 29, )?2:05 PM$/)).toBeTruthy();
  });

  it('tells a screen reader of an episode that opens, once: a count that moves later is not told again', () => {
    const { receive } = renderStrip(null, [repeat]);
    const region = screen.getByRole('status');
    // Open before the screen came: in the strip, not news.
    expect(region.textContent).toBe('');
    receive('anomalies.changed', { agencyId: '100', from: 0, rev: 1, at: 2, opened: [runaway], closed: [] });
    expect(region.textContent).toBe('Runaway: CS# C10420 sent 25 signals in 60 min');
    receive('anomalies.moved', {
      agencyId: '100',
      episodes: [{ ...runaway, count: 31, updatedAt: runaway.updatedAt + 1 }],
      at: 3,
    });
    expect(lineOf('C10420').getByText('Runaway: CS# C10420 sent 31 signals in 60 min')).toBeTruthy();
    expect(region.textContent).toBe('Runaway: CS# C10420 sent 25 signals in 60 min');
  });

  it('offers Place On Test for a runaway to a user whose menu has Alarm Testing, opening the form on its system', () => {
    renderStrip(`${MENU_IDS.liveAlarmView},${MENU_IDS.alarmTesting},${MENU_IDS.alarmActivity}`);
    // Repeat alarms are not a runaway's remedy: no Place On Test on that line.
    expect(lineOf('C11121').queryByRole('button', { name: /Place On Test/ })).toBeNull();
    fireEvent.click(lineOf('C10420').getByRole('button', { name: 'Place On Test CS# C10420' }));
    const opened = new URL(screen.getByTestId('location').textContent ?? '', 'http://portal.test');
    expect(opened.pathname).toBe('/placeontest');
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      site: '100019',
      system: '200022',
      comment: 'Runaway: 25 signals',
    });
  });

  it('does not offer Place On Test to a user whose menu lacks Alarm Testing', () => {
    renderStrip(`${MENU_IDS.liveAlarmView},${MENU_IDS.alarmActivity}`);
    expect(lineOf('C10420').getByText('Runaway: CS# C10420 sent 25 signals in 60 min')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place On Test/ })).toBeNull();
    expect(lineOf('C10420').getByRole('button', { name: 'Details CS# C10420' })).toBeTruthy();
  });

  it.each([
    ['a runaway', runaway, MENU_IDS.runaway],
    ['repeat alarms', repeat, MENU_IDS.excessiveAlarms],
  ] as const)('Details of %s opens its report, filtered to that account', (_what, episode, report) => {
    renderStrip(null, [episode]);
    fireEvent.click(screen.getByRole('button', { name: `Details CS# ${episode.csNo}` }));
    const opened = new URL(screen.getByTestId('location').textContent ?? '', 'http://portal.test');
    expect(pathOfReport(report)).toContain(opened.pathname);
    expect(opened.searchParams.get('csNo')).toBe(episode.csNo);
  });

  it('offers no Details to a user whose menu lacks the report', () => {
    renderStrip(`${MENU_IDS.liveAlarmView},${MENU_IDS.alarmTesting},${MENU_IDS.actuals}`);
    expect(screen.queryByRole('button', { name: /Details/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Place On Test CS# C10420' })).toBeTruthy();
  });
});
