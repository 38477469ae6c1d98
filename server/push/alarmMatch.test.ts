import { describe, expect, it } from 'vitest';
import type { PushPreferences } from '../../shared/push/pushApi';
import { inQuietHours, matchesAlarm, matchesAnomaly } from './alarmMatch';

const prefs = (p: Partial<PushPreferences> = {}): PushPreferences => ({
  alarmTypes: [],
  agencies: ['10'],
  quietHours: null,
  timeZone: 'America/Chicago',
  ...p,
});
const fire = { agencyIds: ['10'], type: 'FIRE' };
// 2025-01-15 18:30 UTC = 12:30 in Chicago (CST, UTC-6) = 13:30 in New York.
const NOON_CHICAGO = Date.parse('2025-01-15T18:30:00Z');
// 2025-07-15 04:30 UTC = 23:30 the day before in Chicago (CDT, UTC-5).
const LATE_CHICAGO_SUMMER = Date.parse('2025-07-15T04:30:00Z');

describe('which devices hear an alarm', () => {
  it('no types chosen hears every type of its agencies', () => {
    expect(matchesAlarm(prefs(), fire, NOON_CHICAGO)).toBe(true);
    expect(matchesAlarm(prefs(), { agencyIds: ['10'], type: 'panic' }, NOON_CHICAGO)).toBe(true);
  });

  it('chosen types hear only those, whatever the case the upstream spells them in', () => {
    const p = prefs({ alarmTypes: ['FIRE', 'PANIC'] });
    expect(matchesAlarm(p, { agencyIds: ['10'], type: ' fire ' }, NOON_CHICAGO)).toBe(true);
    expect(matchesAlarm(p, { agencyIds: ['10'], type: 'BURGLARY' }, NOON_CHICAGO)).toBe(false);
  });

  it('an alarm of another agency is not heard; one whose installing company is chosen is', () => {
    expect(matchesAlarm(prefs(), { agencyIds: ['11'], type: 'FIRE' }, NOON_CHICAGO)).toBe(false);
    expect(matchesAlarm(prefs(), { agencyIds: ['99', '10'], type: 'FIRE' }, NOON_CHICAGO)).toBe(true);
  });

  it('quiet hours are read on the clock of the dealer’s time zone', () => {
    const lunch = { from: '12:00', to: '13:00' };
    expect(matchesAlarm(prefs({ quietHours: lunch }), fire, NOON_CHICAGO)).toBe(false);
    // 13:30 in New York: past the quiet hour there.
    expect(matchesAlarm(prefs({ quietHours: lunch, timeZone: 'America/New_York' }), fire, NOON_CHICAGO)).toBe(
      true,
    );
  });

  it.each([
    ['22:00', '07:00', LATE_CHICAGO_SUMMER, true],
    ['22:00', '07:00', NOON_CHICAGO, false],
    ['23:45', '23:00', LATE_CHICAGO_SUMMER, false],
    ['08:00', '12:30', NOON_CHICAGO, false],
    ['08:00', '12:31', NOON_CHICAGO, true],
    ['12:30', '12:30', NOON_CHICAGO, false],
  ])('quiet from %s to %s (wrapping midnight, daylight time)', (from, to, at, quiet) => {
    expect(inQuietHours({ from, to }, 'America/Chicago', at)).toBe(quiet);
  });
});

describe('which devices hear a live anomaly', () => {
  it('only those that chose "Anomalies", of their agencies, outside quiet hours, whatever alarm types they chose', () => {
    const chose = prefs({ anomalies: true, alarmTypes: ['FIRE'] });
    expect(matchesAnomaly(chose, ['10'], NOON_CHICAGO)).toBe(true);
    expect(matchesAnomaly(prefs(), ['10'], NOON_CHICAGO)).toBe(false);
    expect(matchesAnomaly(chose, ['11'], NOON_CHICAGO)).toBe(false);
    expect(
      matchesAnomaly({ ...chose, quietHours: { from: '12:00', to: '13:00' } }, ['10'], NOON_CHICAGO),
    ).toBe(false);
  });
});
