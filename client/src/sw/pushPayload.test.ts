import { describe, expect, it, vi } from 'vitest';
import { notificationOf, openFromNotification, type WindowClientLike } from './pushPayload';

const ORIGIN = 'https://portal.example';

describe('what the service worker shows of a push', () => {
  it('shows the alarm push as sent, opening its path', () => {
    const n = notificationOf({
      title: 'FIRE ALARM',
      body: 'Bakery · CS# 12 · 3:04 PM',
      url: '/dashboardDetails?agency=1&alarm=9',
      tag: 'alarm:9',
    });
    expect(n.title).toBe('FIRE ALARM');
    expect(n.options).toMatchObject({
      body: 'Bakery · CS# 12 · 3:04 PM',
      tag: 'alarm:9',
      data: { url: '/dashboardDetails?agency=1&alarm=9' },
    });
  });

  it('an unreadable push still shows a notice; a push never opens another site', () => {
    expect(notificationOf(null).title).toBe('Dealer Portal');
    expect(notificationOf({ title: 'X', url: 'https://evil.example/' }).options.data.url).toBe('/');
    expect(notificationOf({ title: 'X', url: '//evil.example/' }).options.data.url).toBe('/');
  });
});

function windowAt(url: string, navigable = true): WindowClientLike & { navigate: ReturnType<typeof vi.fn> } {
  return {
    url,
    navigate: vi.fn(async () => {
      if (!navigable) throw new TypeError('not controlled');
    }),
    focus: vi.fn(async () => undefined),
  };
}

describe('a click on a notification', () => {
  it('navigates an open portal window to the alarm and focuses it', async () => {
    const other = windowAt('https://other.example/');
    const portal = windowAt(`${ORIGIN}/settings`);
    const openWindow = vi.fn(async () => null);
    await openFromNotification(
      { matchAll: async () => [other, portal], openWindow },
      ORIGIN,
      '/dashboardDetails?alarm=9',
    );
    expect(portal.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboardDetails?alarm=9`);
    expect(portal.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when no portal window can be navigated', async () => {
    const openWindow = vi.fn(async () => null);
    await openFromNotification(
      { matchAll: async () => [windowAt(`${ORIGIN}/`, false)], openWindow },
      ORIGIN,
      '/dashboardDetails?alarm=9',
    );
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboardDetails?alarm=9`);
  });
});
