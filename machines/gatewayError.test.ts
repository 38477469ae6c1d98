import { describe, expect, it } from 'vitest';
import type { GatewayAnswer } from '../shared/upstream/envelope';
import { gatewayErrorText } from './gatewayError';
import { UNABLE_TO_PROCESS } from './messages';

const cases: Array<[string, GatewayAnswer, string | null]> = [
  ['a 200 answer with an OK result is a success', { Result: { status: 'OK' }, HttpStatusCode: 200 }, null],
  ['a 200 answer with no result status is a success', { Result: { incident: 1 }, HttpStatusCode: 200 }, null],
  ['an answer without status or messages is a success', { Result: null }, null],
  [
    'a failed answer shows its first MessageCollection entry',
    {
      Result: null,
      HttpStatusCode: 400,
      MessageCollection: ['Alarm is locked.', 'Second'],
      ErrorMessage: 'Other',
    },
    'Alarm is locked.',
  ],
  [
    'blank MessageCollection entries are skipped',
    { Result: null, HttpStatusCode: 500, MessageCollection: ['  ', 'Real text'] },
    'Real text',
  ],
  [
    'a failed answer without messages shows ErrorMessage',
    { Result: null, HttpStatusCode: 500, MessageCollection: [], ErrorMessage: 'Gateway down' },
    'Gateway down',
  ],
  [
    'a failed answer without any text shows the generic message',
    { Result: null, HttpStatusCode: 502 },
    UNABLE_TO_PROCESS,
  ],
  [
    'messages without a status mean failure',
    { Result: null, MessageCollection: ['No incident'] },
    'No incident',
  ],
  ['an ErrorMessage without a status means failure', { Result: null, ErrorMessage: 'Bad site' }, 'Bad site'],
  [
    'a 200 answer whose result is not OK shows Result.errorMessage',
    { Result: { status: 'FAILED', errorMessage: 'Dispatch not allowed' }, HttpStatusCode: 200 },
    'Dispatch not allowed',
  ],
  ['the result status is read case-insensitively', { Result: { Status: 'ok' }, HttpStatusCode: 200 }, null],
  [
    'a not-OK result without a text shows the generic message',
    { Result: { status: 'ERROR' }, HttpStatusCode: 200 },
    UNABLE_TO_PROCESS,
  ],
  [
    'informational messages on a 2xx answer are not errors',
    { Result: { status: 'OK' }, HttpStatusCode: 200, MessageCollection: ['Queued'] },
    null,
  ],
  ['a result that is not an object has no status', { Result: 'done', HttpStatusCode: 201 }, null],
];

describe('gatewayErrorText', () => {
  it.each(cases)('%s', (_name, answer, expected) => {
    expect(gatewayErrorText(answer)).toBe(expected);
  });
});
