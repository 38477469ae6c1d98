import {
  signedInPreloadsSchema,
  type PreloadList,
  type SignedInPreloads,
} from '../../shared/build/signedInPreloads';

/**
 * The app's page for a browser that holds a session (issue 38): the built index.html with the
 * signed-in shell's chunks and styles preloaded (client/build/signedInPreloads.ts). A phone then
 * fetches the shell beside the start's own chunks instead of after the session check has
 * answered. Only a hint: the session is still checked by the app, and a stale cookie costs the
 * shell's bytes, no more.
 */

/** The build's list (`signed-in-preloads.json`), or null when it is not what this expects. */
export function parseSignedInPreloads(text: string): SignedInPreloads | null {
  try {
    const parsed = signedInPreloadsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** index.html with the preloads after its own, or null when its head is not what this expects. */
export function signedInHtml(indexHtml: string, preloads: PreloadList): string | null {
  if (!indexHtml.includes('</head>')) return null;
  // NOTE: crossorigin as the app's own loader asks for them (Vite's preload helper), or the
  // browser would fetch each a second time. Low priority: the start's own chunks and the first
  // paint come first, the shell is needed only once the session check has answered.
  const links = [
    ...preloads.modules.map(
      (href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`,
    ),
    ...preloads.styles.map(
      (href) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`,
    ),
  ];
  if (links.length === 0) return indexHtml;
  return indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}
