import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// NOTE: the client lives in client/; the bridge serves client/dist in production and proxies
// /api and /live to itself in development (see server/dev.ts).
export default defineConfig({
  root: 'client',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      // exceljs's regenerator runtime needs this global under a strict CSP (FACTS.md).
      output: { intro: 'var regeneratorRuntime; if (typeof window !== "undefined") window.regeneratorRuntime = regeneratorRuntime;' },
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
