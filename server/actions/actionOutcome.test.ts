import { describe, expect, it } from 'vitest';
import { gatewayErrorText } from '../../machines/gatewayError';
import { ALREADY_HANDLED } from '../../shared/messages/alarmActionMessages';
import {
  alreadyHandledGatewayAnswer,
  confirmedGatewayAnswer,
  envelopeOutcome,
  gatewayOutcome,
  saysAlarmCleared,
} from './actionOutcome';

describe('gatewayOutcome', () => {
  it.each([
    [
      'the simulator dispatching',
      200,
      {
        Result: { status: 'DISPATCHED' },
        ErrorMessage: null,
        MessageCollection: [],
        HttpStatusCode: 200,
        IsAlarmCleared: false,
      },
      { outcome: 'ok', message: null },
    ],
    [
      'the simulator clearing',
      200,
      {
        Result: { status: 'CLEARED' },
        ErrorMessage: null,
        MessageCollection: [],
        HttpStatusCode: 200,
        IsAlarmCleared: true,
      },
      { outcome: 'ok', message: null },
    ],
    [
      'a refusal with messages',
      200,
      {
        Result: null,
        ErrorMessage: 'Invalid PIN.',
        MessageCollection: ['Invalid PIN.'],
        HttpStatusCode: 400,
      },
      { outcome: 'failed', message: 'Invalid PIN.' },
    ],
    [
      'a failing Result.status',
      200,
      { Result: { status: 'ERROR', errorMessage: 'busy' }, HttpStatusCode: 200 },
      { outcome: 'failed', message: 'busy' },
    ],
    [
      'a bridge error',
      502,
      { error: 'upstream_error', message: 'Unable to process your request.' },
      { outcome: 'failed', message: 'Unable to process your request.' },
    ],
    ['an unreadable answer, in doubt', 200, 'nope', { outcome: 'inDoubt', message: 'unreadable answer' }],
  ])('%s', (_name, status, body, expected) => {
    expect(gatewayOutcome(status, body)).toEqual(expected);
  });
});

describe('envelopeOutcome', () => {
  it.each([
    [
      'a save with return code 0',
      200,
      { isSessionValid: true, apiStatus: true, result: { rtn_code: 0, err_msg: 'ok' }, errors: [] },
      'ok',
    ],
    [
      'a refused save',
      200,
      {
        isSessionValid: true,
        apiStatus: false,
        result: { rtn_code: 1, err_msg: '*Please select Site.' },
        errors: ['*Please select Site.'],
      },
      'failed',
    ],
    [
      'a return code without errors',
      200,
      {
        isSessionValid: true,
        apiStatus: true,
        result: { rtn_code: 2, err_msg: 'no', addl_err_info: 'why' },
        errors: [],
      },
      'failed',
    ],
    [
      'a clear',
      200,
      { isSessionValid: true, apiStatus: true, result: 'Success: 1 test(s) cleared.', errors: [] },
      'ok',
    ],
    ['an HTTP failure', 403, { error: 'codeword_required', message: 'Please enter password!' }, 'failed'],
    ['an upstream 500', 502, { error: 'upstream_error', message: 'Simulated HTTP 500.' }, 'failed'],
    ['an answer that did not come in time', 504, { error: 'upstream_timeout', message: 'late' }, 'inDoubt'],
    ['an answer that could not be read', 502, { error: 'upstream_malformed', message: 'x' }, 'inDoubt'],
  ])('%s', (_name, status, body, outcome) => {
    expect(envelopeOutcome(status, body).outcome).toBe(outcome);
  });
});

describe('the answers the machines read', () => {
  it('already handled: IsAlarmCleared with the text, which gatewayErrorText shows', () => {
    const a = alreadyHandledGatewayAnswer();
    expect(a.IsAlarmCleared).toBe(true);
    expect(gatewayErrorText(a)).toBe(ALREADY_HANDLED);
  });

  it('a clear this request carried out reads as a plain success', () => {
    const upstream = {
      Result: { status: 'CLEARED', alarminc_nos: [5] },
      ErrorMessage: null,
      MessageCollection: [],
      HttpStatusCode: 200,
      IsAlarmCleared: true,
    };
    const out = confirmedGatewayAnswer(upstream);
    expect(out).toEqual({
      ...upstream,
      Result: { status: 'OK', upstreamStatus: 'CLEARED', alarminc_nos: [5] },
      IsAlarmCleared: false,
    });
    expect(gatewayErrorText(out as never)).toBeNull();
    expect(saysAlarmCleared(out)).toBe(false);
    expect(saysAlarmCleared(upstream)).toBe(true);
  });
});
