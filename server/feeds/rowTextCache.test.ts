import { describe, expect, it } from 'vitest';
import { activeAlarmRowSchema, type ActiveAlarmRow } from '../../shared/upstream/activeAlarmRow';
import { eventLogsResultSchema } from '../../shared/upstream/eventLogRow';
import { createRowTextCache } from './rowTextCache';

const alarm = (id: number, descr: string | null = 'BURGLARY ALARM') => ({
  id,
  cs_No: `C${id}`,
  alarm_Date: '2026-11-24T11:00:00-08:00',
  event_Descr: descr,
  site_Name: 'Golden Dental Group',
  site_Addr1: '12 Main St',
  site_Addr2: null,
  city_Name: 'Fresno',
  siteloc_Descr: 'Front door',
  site_No: 7,
  system_No: 70 + id,
  state_Id: 'CA',
  zipcode: '93650',
  install_Servco_No: 12,
  color: 'red',
  color_Code: '#ff0000',
  alarminc_No: 900 + id,
  alarm_event_id: `E${id}`,
});

const answer = (rows: unknown[], indent?: number) =>
  JSON.stringify(
    { isSessionValid: true, apiStatus: true, result: { eventLogList: rows }, errors: [] },
    null,
    indent,
  );

/** What the upstream client does with the cache's reading: validates the envelope's result. */
function read(cache: ReturnType<typeof createRowTextCache<typeof activeAlarmRowSchema>>, text: string) {
  cache.beginRead();
  const json = cache.parseAnswer(text) as { result: unknown };
  return cache.result.parse(json.result).eventLogList;
}

const expected = (rows: unknown[]) =>
  eventLogsResultSchema(activeAlarmRowSchema).parse({ eventLogList: rows }).eventLogList;

describe('the row text cache of a feed', () => {
  it('reads the same rows as validating the whole answer, and hands back the same rows for unchanged text', () => {
    const cache = createRowTextCache(activeAlarmRowSchema);
    const rows = [alarm(1), alarm(2), alarm(3)];
    const first = read(cache, answer(rows));
    expect(first).toEqual(expected(rows));

    const second = read(cache, answer([alarm(1), alarm(2, 'FIRE ALARM'), alarm(3)]));
    expect(second).toEqual(expected([alarm(1), alarm(2, 'FIRE ALARM'), alarm(3)]));
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[2]).toBe(first[2]);
  });

  it('fails the answer when a new or changed row is malformed', () => {
    const cache = createRowTextCache(activeAlarmRowSchema);
    read(cache, answer([alarm(1)]));
    expect(() => read(cache, answer([alarm(1), { ...alarm(2), cs_No: 42 }]))).toThrow();
    expect(() => read(cache, answer([{ ...alarm(1), alarm_Date: null }]))).toThrow();
  });

  it('splits rows whose text holds braces, brackets, quotes and escapes', () => {
    const cache = createRowTextCache(activeAlarmRowSchema);
    const rows = [alarm(1, 'zone "4" {east} [door] \\ },{'), alarm(2, '\\"'), alarm(3, null)];
    expect(read(cache, answer(rows))).toEqual(expected(rows));
    expect(read(cache, answer(rows, 2))).toEqual(expected(rows));
  });

  it('reads an empty, null or nested list the ordinary way and still validates it', () => {
    const cache = createRowTextCache(activeAlarmRowSchema);
    expect(read(cache, answer([]))).toEqual([]);
    expect(read(cache, JSON.stringify({ isSessionValid: true, result: { eventLogList: null } }))).toEqual([]);
    const nested = { ...alarm(4), contactNumber: 5551234, extra: { note: 'x' } };
    expect(read(cache, answer([nested]))).toEqual(expected([nested]));
    expect(() => read(cache, answer([{ ...alarm(5), cs_No: { no: 1 } }]))).toThrow();
  });

  it('forgets rows that a whole read no longer holds', () => {
    const cache = createRowTextCache(activeAlarmRowSchema);
    const first = read(cache, answer([alarm(1)]));
    read(cache, answer([alarm(2)]));
    read(cache, answer([alarm(3)]));
    const again: ActiveAlarmRow[] = read(cache, answer([alarm(1)]));
    expect(again).toEqual(first);
    expect(again[0]).not.toBe(first[0]);
  });
});
