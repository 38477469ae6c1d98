import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './client/build/precompress.ts';
import { pwa } from './client/build/pwa.ts';
import { signedInPreloadsFile } from './client/build/signedInPreloads.ts';
import { startStepGroups, startSteps } from './client/build/startSteps.ts';
import { uplotLocaleOnUse } from './client/build/uplotLocaleOnUse.ts';

/** One timestamp per build: baked into the bundle and written to build-date.json beside it. */
const BUILD_DATE = new Date().toISOString();

/**
 * Writes build-date.json into the build output. The running client compares the file (fetched
 * without cache) with the date baked into its bundle and reloads when a newer build is deployed
 * (docs/product/shell-session-search.md#states, "Application start").
 */
function buildDateFile(): Plugin {
  return {
    name: 'dealer-portal:build-date',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-date.json',
        source: JSON.stringify({ buildDate: BUILD_DATE }),
      });
    },
  };
}

// NOTE: the client lives in client/; the bridge serves client/dist in production and proxies
// /api and /live to itself in development (see server/dev.ts).
export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    buildDateFile(),
    uplotLocaleOnUse(),
    startSteps(),
    signedInPreloadsFile(),
    precompress(),
    pwa(),
  ],
  define: { __BUILD_DATE__: JSON.stringify(BUILD_DATE) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // NOTE: the largest chunk is the ZIP-code table (about 4.4 MB, 0.9 MB compressed), loaded only
    // when a map places a site without coordinates; nothing of the first screen comes near this.
    chunkSizeWarningLimit: 4500,
    // Every browser the portal supports preloads modules natively: no polyfill on the first page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // exceljs's regenerator runtime needs this global under a strict CSP (FACTS.md).
      output: {
        intro:
          'var regeneratorRuntime; if (typeof window !== "undefined") window.regeneratorRuntime = regeneratorRuntime;',
        codeSplitting: {
          groups: [
            // The start in steps, a chunk each (client/build/startSteps.ts).
            ...startStepGroups,
            {
              name: 'shell',
              test: /client[\\/]src[\\/]app[\\/](RequireSession|liveAlarms[\\/]LiveAlarmViewRoute)\.tsx$/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
});
