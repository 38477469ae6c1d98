/**
 * What the service worker makes of a push (the bridge's `PushMessage`, shared/push/pushApi.ts),
 * read by hand: the worker carries no schema library. Anything unreadable shows a plain notice,
 * since a push must show a notification.
 */
export interface ShownNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null;

export function notificationOf(payload: unknown): ShownNotification {
  const p = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const url = text(p.url, 2048);
  const tag = text(p.tag, 200);
  return {
    title: text(p.title, 120) ?? 'Dealer Portal',
    options: {
      body: text(p.body, 300) ?? 'Open the portal for details.',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      ...(tag ? { tag } : {}),
      // Only a path of the portal: a push never opens another site.
      data: { url: url && url.startsWith('/') && !url.startsWith('//') ? url : '/' },
    },
  };
}

/** The window clients a notification click may reuse (a slice of `Clients`). */
export interface WindowClients {
  matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}
export interface WindowClientLike {
  url: string;
  navigate(url: string): Promise<unknown>;
  focus(): Promise<unknown>;
}

/**
 * A click opens the alarm: in a window of the portal already open (navigated there, then
 * focused), else in a new one.
 */
export async function openFromNotification(
  clients: WindowClients,
  origin: string,
  path: string,
): Promise<void> {
  const target = new URL(path, origin).href;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const w of windows) {
    if (new URL(w.url).origin !== origin) continue;
    try {
      await w.navigate(target);
      await w.focus().catch(() => undefined);
      return;
    } catch {
      // An uncontrolled window cannot be navigated by the worker: try the next, else open one.
    }
  }
  await clients.openWindow(target);
}
