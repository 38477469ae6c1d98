import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, parseRuntimeConfig } from './runtimeConfig';

describe('the runtime configuration', () => {
  it('is the defaults when /config.json is empty or missing', () => {
    expect(parseRuntimeConfig({})).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig(null)).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('keeps a malformed value at its default and the others as served', () => {
    const cfg = parseRuntimeConfig({ testCommentMax: 5, bannerBaseUrl: 'https://cdn.example/b/' });
    expect(cfg.testCommentMax).toBe(DEFAULT_RUNTIME_CONFIG.testCommentMax);
    expect(cfg.bannerBaseUrl).toBe('https://cdn.example/b/');
  });
});
