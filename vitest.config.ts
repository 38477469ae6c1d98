import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'simulator/**/*.test.ts',
            'shared/**/*.test.ts',
            'machines/**/*.test.ts',
            'tests/**/*.test.ts',
          ],
          exclude: ['tests/browser/**', 'tests/soak/**', 'node_modules/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['client/src/**/*.test.{ts,tsx}'],
          testTimeout: 15_000,
        },
      },
      {
        // The fault soak kills and restarts processes on a timeline: run alone (tests/run-all.mjs).
        test: {
          name: 'soak',
          environment: 'node',
          include: ['tests/soak/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One build, one stack and one Chromium shared by every screen test
          // (tests/browser/support/sharedScreens.ts): files run in one worker, not isolated.
          isolate: false,
        },
      },
    ],
  },
});
