import { describe, expect, it } from 'vitest';
import { gatewayErrorText } from '../../../../machines/gatewayError';
import { ApiError } from '../../lib/api/apiError';
import {
  codewordCheckOf,
  codewordCheckOfFailure,
  gatewayAnswerOfFailure,
  manualSignalOutputOf,
  notifyOutputOf,
  notifyOutputOfFailure,
  saveOnTestAnswerOf,
  testCategoriesOf,
} from './alarmAnswers';
import { alarmUserOf, siteOffsetOfDate } from './alarmContext';

const ok = (result: unknown) => ({ isSessionValid: true, apiStatus: true, result, errors: [] });
const refused = (errors: string[], result: unknown = null) => ({
  isSessionValid: true,
  apiStatus: false,
  result,
  errors,
});

describe('bridge failures of a gateway call', () => {
  it.each([
    ['the network', new ApiError(0, 'network', 'Unable to connect.')],
    ['an unreachable upstream', new ApiError(502, 'upstream_unavailable', 'Unable to connect.')],
    [
      'an upstream that did not answer in time',
      new ApiError(504, 'upstream_timeout', 'The monitoring center did not answer in time.'),
    ],
    [
      'an expired session',
      new ApiError(401, 'session_expired', 'Your session has expired. Please login again.'),
    ],
    ['anything that is not an ApiError', new TypeError('boom')],
  ])('%s is no reply (rejects)', (_name, e) => {
    expect(() => gatewayAnswerOfFailure(e)).toThrow();
  });

  it('an answer the bridge refused carries its text, which the machine shows', () => {
    const a = gatewayAnswerOfFailure(
      new ApiError(502, 'upstream_error', 'Simulated HTTP 500.', ['Simulated HTTP 500.']),
    );
    expect(a).toEqual({
      Result: null,
      ErrorMessage: 'Simulated HTTP 500.',
      MessageCollection: ['Simulated HTTP 500.'],
      HttpStatusCode: 502,
    });
    expect(gatewayErrorText(a)).toBe('Simulated HTTP 500.');
    expect(
      gatewayErrorText(
        gatewayAnswerOfFailure(new ApiError(403, 'codeword_required', 'Please enter password!')),
      ),
    ).toBe('Please enter password!');
  });
});

describe('answers of the other calls', () => {
  it.each([
    ['a sent notification', ok('Notification sent.'), { status: 200, text: null }],
    ['a refused notification', refused(['Account not found.']), { status: 400, text: 'Account not found.' }],
    ['an unreadable one', 'x', { status: 502, text: 'Unable to process your request.' }],
  ])('notify: %s', (_name, body, out) => {
    expect(notifyOutputOf(body)).toEqual(out);
  });

  it('notify: a bridge refusal keeps its status and text', () => {
    expect(
      notifyOutputOfFailure(
        new ApiError(502, 'upstream_error', 'Simulated HTTP 500.', ['Simulated HTTP 500.']),
      ),
    ).toEqual({ status: 502, text: 'Simulated HTTP 500.' });
  });

  it.each([
    [ok('Success.'), 'Success.'],
    [refused(['Unknown event id.']), 'Unknown event id.'],
    [ok(null), null],
  ])('manual signal %j → %s', (body, reply) => {
    expect(manualSignalOutputOf(body)).toEqual({ reply });
  });

  it.each([
    [{ ok: true }, { status: 'match' }],
    [{ ok: false, message: 'Invalid password!' }, { status: 'mismatch' }],
    [{ ok: false, message: 'Invalid user!' }, { status: 'noUser' }],
    [
      { ok: false, message: 'Please enter password!' },
      { status: 'error', text: 'Please enter password!' },
    ],
    [{ nope: 1 }, { status: 'error', text: 'Unable to process your request.' }],
  ])('codeword %j', (body, out) => {
    expect(codewordCheckOf(body)).toEqual(out);
  });

  it('codeword: the lock after wrong entries shows its text', () => {
    expect(
      codewordCheckOfFailure(
        new ApiError(423, 'locked', 'Too many wrong entries. Please try again in 5 minutes.'),
      ),
    ).toEqual({
      status: 'error',
      text: 'Too many wrong entries. Please try again in 5 minutes.',
    });
  });

  it('save on test: return code and texts, and the envelope errors', () => {
    expect(
      saveOnTestAnswerOf(ok({ rtn_code: 0, err_msg: 'ok', addl_err_info: null, test_seqnos: [5] })),
    ).toEqual({ result: { rtn_code: 0, err_msg: 'ok', addl_err_info: null }, errors: [] });
    expect(
      saveOnTestAnswerOf(
        refused(['*Expire date is not valid.'], { rtn_code: 1, err_msg: '*Expire date is not valid.' }),
      ),
    ).toEqual({
      result: { rtn_code: 1, err_msg: '*Expire date is not valid.', addl_err_info: null },
      errors: ['*Expire date is not valid.'],
    });
  });

  it('test categories: numbers and ids as the machine reads them', () => {
    expect(
      testCategoriesOf([
        {
          testcat_id: 'ALRM',
          descr: 'ALARM IN PROGRESS',
          default_hours: '2',
          default_minutes: 0,
          max_hours: 2,
          extra: 'x',
        },
      ]),
    ).toEqual([
      {
        testcat_id: 'ALRM',
        descr: 'ALARM IN PROGRESS',
        default_hours: 2,
        default_minutes: 0,
        max_hours: '2',
      },
    ]);
  });
});

describe('the alarm and the user', () => {
  it.each([
    ['2026-11-21T10:00:00-05:00', -300],
    ['2026-11-21T10:00:00+0530', 330],
    ['2026-11-21T10:00:00Z', 0],
    ['2026-11-21T10:00:00', null],
    ['11/21/2026 10:00:00 AM', null],
  ])('the site offset of %s is %s', (date, offset) => {
    expect(siteOffsetOfDate(date)).toBe(offset);
  });

  it('names the user by first and last name', () => {
    expect(alarmUserOf({ contactNumber: '500001', firstName: 'Olivia', lastName: 'Owens' })).toEqual({
      contactNumber: '500001',
      userName: 'Olivia Owens',
    });
    expect(alarmUserOf({ contactNumber: '7', firstName: null, lastName: ' Park ' })).toEqual({
      contactNumber: '7',
      userName: 'Park',
    });
  });
});
