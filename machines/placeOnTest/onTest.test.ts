import { describe, expect, it } from 'vitest';
import { UNABLE_TO_PROCESS } from '../messages';
import {
  saveOnTestErrorText,
  testChangeErrorText,
  type SaveOnTestAnswer,
  type TestChangeAnswer,
} from './onTest';

const result = (rtn_code: number | null, err_msg: string | null, addl_err_info: string | null = null) => ({
  rtn_code,
  err_msg,
  addl_err_info,
});

describe('saveOnTestErrorText', () => {
  it.each<[string, SaveOnTestAnswer, string | null]>([
    ['return code 0 and message ok', { result: result(0, 'ok'), errors: [] }, null],
    ['message OK in capitals', { result: result(0, 'OK'), errors: [] }, null],
    ['return code 0 without a message', { result: result(0, null), errors: [] }, null],
    [
      'the first server error',
      { result: result(1, 'failed', 'detail'), errors: ['', 'System already on test.', 'x'] },
      'System already on test.',
    ],
    [
      'the additional info when no server error',
      { result: result(2, 'failed', 'Category expired.'), errors: [] },
      'Category expired.',
    ],
    ['the message when nothing else', { result: result(3, 'Not allowed'), errors: [] }, 'Not allowed'],
    [
      'return code 0 with another message',
      { result: result(0, 'partial', 'Zones skipped.'), errors: [] },
      'Zones skipped.',
    ],
    ['no result at all', { result: null, errors: [] }, UNABLE_TO_PROCESS],
  ])('%s', (_name, answer, text) => {
    expect(saveOnTestErrorText(answer)).toBe(text);
  });
});

describe('testChangeErrorText', () => {
  it.each<[string, TestChangeAnswer, string | null]>([
    ['a result containing Success', { resultText: 'Success', errors: [] }, null],
    ['Success inside a sentence', { resultText: 'Update Successful.', errors: [] }, null],
    [
      'the first server error',
      { resultText: null, errors: ['Test already cleared.'] },
      'Test already cleared.',
    ],
    ['the result text otherwise', { resultText: 'Failed: locked', errors: [] }, 'Failed: locked'],
    ['nothing', { resultText: '', errors: [] }, UNABLE_TO_PROCESS],
    ['success is case-sensitive as the spec writes it', { resultText: 'success', errors: [] }, 'success'],
  ])('%s', (_name, answer, text) => {
    expect(testChangeErrorText(answer)).toBe(text);
  });
});
