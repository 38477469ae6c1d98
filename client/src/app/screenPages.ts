import type { ComponentType } from 'react';

/**
 * The page modules the screen registry names (lib/screens/screens.ts), each a lazily loaded
 * chunk. A registry entry's `page` is the module path under client/src; the module exports a
 * component named as the file.
 *
 * NOTE: the registry is data in lib/, which never imports features; Vite's glob turns the named
 * paths into dynamic imports here, in the app. Page files that another file imports directly (a
 * feature's page wrapped by an app route, the sign-in and not-found pages) are left out, so each
 * stays in one chunk.
 */
const modules = import.meta.glob<Record<string, unknown>>([
  '../features/**/*Page.tsx',
  './**/*Page.tsx',
  './**/*Route.tsx',
  '!../features/liveAlarms/LiveAlarmViewPage.tsx',
  '!../features/session/SignInPage.tsx',
  '!./NotFoundPage.tsx',
  '!./SignInRoute.tsx',
]);

const loaders = new Map<string, () => Promise<Record<string, unknown>>>(
  Object.entries(modules).map(([file, load]) => [
    file
      .replace(/^\.\.\//, '')
      .replace(/^\.\//, 'app/')
      .replace(/\.tsx$/, ''),
    load,
  ]),
);

/** Whether the registry's page path names a module the app can load. */
export function hasPage(page: string): boolean {
  return loaders.has(page);
}

/** Loads the screen's module and gives its component (named as the file). */
export async function loadPage(page: string): Promise<ComponentType> {
  const load = loaders.get(page);
  if (!load) throw new Error(`No page module ${page}`);
  const name = page.slice(page.lastIndexOf('/') + 1);
  const component = (await load())[name];
  if (!component) throw new Error(`${page} does not export ${name}`);
  return component as ComponentType;
}
