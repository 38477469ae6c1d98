import { describe, expect, it } from 'vitest';
import { ACTION_ROUTES, gatewayAction, withScreenContext } from './actionRequests';

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
    expect(ACTION_ROUTES.get(path)?.(body).map((r) => r.action)).toEqual(actions);
  });

  it('takes the alarm and CS# the screen acted from as headers, never over what the body says', () => {
    const target = { alarmId: null, csNo: null, siteNo: '3', systemNo: '4' };
    expect(withScreenContext(target, { 'x-alarm-id': '77', 'x-cs-no': 'C-9' })).toEqual({
      alarmId: '77',
      csNo: 'C-9',
      siteNo: '3',
      systemNo: '4',
    });
    expect(withScreenContext({ ...target, csNo: 'C-1' }, { 'x-cs-no': 'C-9' }).csNo).toBe('C-1');
  });
});
