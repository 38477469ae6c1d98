import { z } from 'zod';

/**
 * The signed-in shell's chunks and styles, and the wall display's (issue 38): written by the client's build beside
 * index.html (client/build/signedInPreloads.ts), read by the bridge to preload them on a signed-in
 * deep link (server/app/signedInHtml.ts).
 */
export const SIGNED_IN_PRELOADS_FILE = 'signed-in-preloads.json';

const HREF = /^\/assets\/[\w.-]+\.(js|css)$/;

const preloadListSchema = z.object({
  modules: z.array(z.string().regex(HREF)).max(20),
  styles: z.array(z.string().regex(HREF)).max(20),
});

export const signedInPreloadsSchema = preloadListSchema.extend({
  /** The wall display's page and what it imports (/wall, a paired wall's cookie); absent in older builds. */
  wall: preloadListSchema.optional(),
});

export type PreloadList = z.infer<typeof preloadListSchema>;

export type SignedInPreloads = z.infer<typeof signedInPreloadsSchema>;
