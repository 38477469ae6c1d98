import { afterEach, describe, expect, it, vi } from 'vitest';
import { specDocOfPath } from '../screens/screenAccess';
import { get } from './apiClient';
import { expiryNotice, onSessionExpired } from './sessionExpiry';

afterEach(() => vi.unstubAllGlobals());

const expired = (body: Record<string, string>) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status: 401 }));

/**
 * The notice a screen shows for an expiry (docs/product/shell-session-search.md#messages,
 * docs/product/live-alarms-and-testing.md#messages, docs/product/reports-and-settings.md#messages).
 */
const noticeOn = (path: string, cause: 'forbidden' | 'invalid') => expiryNotice(specDocOfPath(path), cause);

describe('session expiry wording by screen', () => {
  it("a 403 on the live-alarm and report screens reads 'Session expired. Please login again.'", () => {
    for (const path of [
      '/dashboardDetails',
      '/systemontest',
      '/placeontest',
      '/growth',
      '/zoneSummary',
      '/settings',
    ])
      expect(noticeOn(path, 'forbidden')).toBe('Session expired. Please login again.');
  });

  it("a 403 on the shell's own screens, and any answer not session-valid, keep the shell's words", () => {
    expect(noticeOn('/searchsitesystems', 'forbidden')).toBe('Your session has expired. Please login again.');
    expect(noticeOn('/growth', 'invalid')).toBe('Your session has expired. Please login again.');
    expect(noticeOn('/dashboardDetails', 'invalid')).toBe('Your session has expired. Please login again.');
  });

  it('the API client tells an upstream 403 (cause forbidden) from other expiries', async () => {
    const heard: string[] = [];
    const off = onSessionExpired((cause) => heard.push(cause));
    vi.stubGlobal('fetch', expired({ error: 'session_expired', message: 'x', cause: 'forbidden' }));
    await get('/api/OnTest/GetTestCategory').catch(() => undefined);
    vi.stubGlobal('fetch', expired({ error: 'session_expired', message: 'x' }));
    await get('/api/OnTest/GetTestCategory').catch(() => undefined);
    off();
    expect(heard).toEqual(['forbidden', 'invalid']);
  });
});
