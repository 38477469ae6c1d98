import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Chunks over this size (maps, exports, ZIP tables) load when a screen needs them, not at install. */
const SHELL_CHUNK_MAX_BYTES = 512 * 1024;

/**
 * The portal as an installable app (docs/client.md, "Installable"): the web manifest and the
 * service worker (client/src/sw.ts, built by Workbox's injectManifest). The worker precaches the
 * app shell only: scripts and styles of the shell, icons and the offline page. Never index.html
 * (a navigation always asks the bridge), config.json or build-date.json (read fresh), and it
 * never handles /api, /socket.io, /healthz or /metrics.
 */
export function pwa(): PluginOption[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Dealer Portal',
      short_name: 'Dealer Portal',
      description: 'Live alarms, tests and reports of your monitored sites.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#1b4f8a',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        {
          name: 'Live Alarm View',
          url: '/dashboardDetails',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
        {
          name: 'Wall display',
          url: '/wall',
          icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
        },
      ],
    },
    injectManifest: {
      // A classic worker (registered without type: 'module'): IIFE, as one file.
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,svg,png}', 'offline.html'],
      globIgnores: ['sw.js', 'config.json', 'build-date.json'],
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      manifestTransforms: [
        async (entries) => ({ manifest: entries.filter((e) => e.size <= SHELL_CHUNK_MAX_BYTES), warnings: [] }),
      ],
    },
  });
}
