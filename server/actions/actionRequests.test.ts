import { describe, expect, it } from 'vitest';
import { ACTION_ROUTES, gatewayAction, screenHints } from './actionRequests';

const positional = ['DISPATCH', 'WEB', 101, 202, 500001, 'BA', 9001, 'intruder', null, 'C-1001', 'owner'];

describe('which gateway calls are actions, and on what', () => {
  it.each([
    [
      'CallDispatch with one object argument',
      {
        methodName: 'CallDispatch',
        arguments: [{ SiteNo: '101', SystemNo: 202, AlarmincNo: '9001', CSNo: 'C-1001', Comment: 'x' }],
      },
      { action: 'dispatch', target: { alarmId: '9001', csNo: 'C-1001', siteNo: '101', systemNo: '202' } },
    ],
    [
      'ClearAlarm with positional arguments, read from the end',
      { methodName: 'ClearAlarm', arguments: positional },
      { action: 'cancel', target: { alarmId: '9001', csNo: 'C-1001', siteNo: '101', systemNo: '202' } },
    ],
    [
      'SystemTestOn with its record',
      { methodName: 'SystemTestOn', arguments: [{ SiteNo: 7, system_no: 8 }] },
      { action: 'placeOnTest', target: { alarmId: null, csNo: null, siteNo: '7', systemNo: '8' } },
    ],
    [
      'a dispatch without enough arguments names nothing',
      { methodName: 'CallDispatch', arguments: [1, 2] },
      { action: 'dispatch', target: { alarmId: null, csNo: null, siteNo: null, systemNo: null } },
    ],
  ])('%s', (_name, body, expected) => {
    expect(gatewayAction(body)).toEqual(expected);
  });

  it.each([
    ['a read', { methodName: 'GetAlarmIncidentServiceDetails', arguments: [1, 2, 'C'] }],
    ['a bad body', 'CallDispatch'],
    ['no method', {}],
  ])('%s is no action', (_name, body) => {
    expect(gatewayAction(body)).toBeNull();
  });

  it('refuses odd ids rather than keying a lock on them', () => {
    const a = gatewayAction({
      methodName: 'CallDispatch',
      arguments: [{ AlarmincNo: 'a b\nc', CSNo: { x: 1 } }],
    });
    expect(a?.target).toEqual({ alarmId: null, csNo: null, siteNo: null, systemNo: null });
  });
});

describe('which pass-through routes act', () => {
  it.each([
    ['OnTest/SaveOnTest', { process_flag: 'on', SiteNo: 3, system_no: 4 }, ['placeOnTest']],
    ['OnTest/SaveSystemTest', { action: 'removeontest', site_no: 3, systemNo: 4 }, ['clearTest']],
    ['OnTest/SaveSystemTest', { action: 'extendontest', site_no: 3, systemNo: 4 }, ['extendTest']],
    [
      'OnTest/ClearOrExtendMultipleTests',
      [
        { process_flag: 'off', system_no: 4 },
        { process_flag: 'extend', system_no: 5 },
      ],
      ['clearTest', 'extendTest'],
    ],
    ['Alarm/RequestDispatch', { AlarmincNo: 12 }, ['dispatch']],
    ['Alarm/CancelDispatch', { AlarmincNo: 12 }, ['cancel']],
  ])('%s %j', (path, body, actions) => {
    expect(ACTION_ROUTES.get(path)?.(body, {}).map((r) => r.action)).toEqual(actions);
  });

  it('reads the alarm from the body as the upstream does, never from a header', () => {
    const dispatch = ACTION_ROUTES.get('Alarm/RequestDispatch');
    expect(dispatch?.({ AlarmincNo: ' 0012 ', SystemNo: 4 }, {})[0].target.alarmId).toBe('12');
    // No alarm, or one the upstream would read otherwise: it would act on the system's alarms.
    for (const body of [
      { SystemNo: 4 },
      { AlarmincNo: 0, SystemNo: 4 },
      { AlarmincNo: 'A12', SystemNo: 4 },
      { AlarmincNo: '', SystemNo: 4 },
      { AlarmincNo: 12, alarmincno: 13 },
      { AlarmincNo: 12, alarmincNO: null },
    ])
      expect(dispatch?.(body, {})[0].target.alarmId, JSON.stringify(body)).toBeNull();
    // The upstream binds the query too: a query naming a system leaves the alarm unnamed.
    expect(dispatch?.({ AlarmincNo: 12 }, { SystemNo: '4' })[0].target.alarmId).toBeNull();
    expect(
      gatewayAction({ methodName: 'CallDispatch', arguments: [{ IncidentNo: 7, SystemNo: 4 }] })?.target
        .alarmId,
    ).toBe('7');
  });

  it('reads the screen headers as hints of the right shape only', () => {
    expect(screenHints({ 'x-alarm-id': '77', 'x-cs-no': 'C-9' })).toEqual({ alarmId: '77', csNo: 'C-9' });
    expect(screenHints({ 'x-alarm-id': 'x y', 'x-cs-no': 'null' })).toEqual({ alarmId: null, csNo: null });
  });
});
