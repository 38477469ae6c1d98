import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from './storeUnavailable';

/** An error shaped as ioredis and redis-errors make them (their class names are their `name`). */
function named(name: string, message: string): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}

describe('a store that cannot serve, told from a fault of the bridge', () => {
  it.each([
    ['a command left unanswered', new Error('Command timed out'), true],
    ['a connection closed for good', new Error('Connection is closed.'), true],
    [
      'a command on a connection that queues nothing',
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      true,
    ],
    [
      'the retries of a command spent',
      named('MaxRetriesPerRequestError', 'Reached the max retries per request limit (which is 0).'),
      true,
    ],
    [
      'a transaction cut by a closed connection',
      named('AbortError', 'Command aborted due to connection close'),
      true,
    ],
    ['Redis loading its file', named('ReplyError', 'LOADING Redis is loading the dataset in memory'), true],
    [
      'Redis unable to write its file',
      named('ReplyError', 'MISCONF Errors writing to the AOF file: No space left on device'),
      true,
    ],
    ['Redis full', named('ReplyError', "OOM command not allowed when used memory > 'maxmemory'."), true],
    [
      'a wrapped store failure',
      new Error('reading the session failed', { cause: new Error('Command timed out') }),
      true,
    ],
    [
      'a command the bridge got wrong',
      named('ReplyError', 'WRONGTYPE Operation against a key holding the wrong kind of value'),
      false,
    ],
    [
      'a script error',
      named('ReplyError', 'ERR user_script:1: Script attempted to access nonexistent global variable'),
      false,
    ],
    ['a bug of the bridge', new TypeError("Cannot read properties of undefined (reading 'id')"), false],
    ['not an error', 'Command timed out', false],
  ])('%s', (_what, err, unavailable) => {
    expect(isStoreUnavailable(err)).toBe(unavailable);
  });
});
