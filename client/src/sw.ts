/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { notificationOf, openFromNotification } from './sw/pushPayload';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Paths the worker never answers: live data, sessions, health and metrics go to the network only. */
const NEVER_CACHED = /^\/(api|socket\.io|healthz|readyz|metrics)(\/|$)/;
const OFFLINE_PAGE = '/offline.html';

// NOTE: a new build's worker takes over at once; the page's build-date check reloads it.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Navigations go to the bridge (index.html is never cached); unreachable, they show the offline page.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;
  event.respondWith(
    fetch(request).catch(async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error()),
  );
});

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    payload = null;
  }
  const { title, options } = notificationOf(payload);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path =
    data && typeof data === 'object' && typeof (data as { url?: unknown }).url === 'string'
      ? (data as { url: string }).url
      : '/';
  const opening = openFromNotification(self.clients, self.location.origin, path);
  event.waitUntil(opening);
});
