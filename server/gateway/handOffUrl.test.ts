import { describe, expect, it } from 'vitest';
import { isSafeHandOffResult } from './handOffUrl';

describe('the hand-off url the bridge lets through', () => {
  it.each([
    ['https://tools.example.com/transfer?token=1', 'https://api.example.com', true],
    ['http://127.0.0.1:8090/_sim/transfer?token=1', 'http://127.0.0.1:8090', true],
    ['http://127.0.0.1:8091/_sim/transfer?token=1', 'http://127.0.0.1:8090', false],
    ['http://api.example.com/transfer', 'https://api.example.com', false],
    ['http://evil.example/transfer', 'http://127.0.0.1:8090', false],
    ['javascript:alert(1)', 'http://127.0.0.1:8090', false],
    ['not a url', 'https://api.example.com', false],
    [null, 'https://api.example.com', true],
  ])('%s from upstream %s: %s', (result, upstream, safe) => {
    expect(isSafeHandOffResult(result, upstream)).toBe(safe);
  });
});
