/// <reference types="vite/client" />

/** ISO date of the build, baked in by vite.config.ts (undefined under vitest). */
declare const __BUILD_DATE__: string;
