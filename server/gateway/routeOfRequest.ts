import { UPSTREAM_ROUTES, type UpstreamRoute } from './upstreamRoutes';

/** How many layers of percent-encoding are undone (`%2553` is `%53` is `S`). */
const MAX_DECODES = 4;

function decoded(path: string): string {
  let current = path;
  for (let i = 0; i < MAX_DECODES; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * One spelling of a request path: percent-encoding undone, `\` read as `/`, empty and `.`
 * segments dropped, `..` applied, lower case, no trailing slash. Express matches routes in any
 * case and with one trailing slash; this is looser still (repeated slashes, encoded letters), so
 * whatever the router or a proxy in front of it takes for a route resolves to that route.
 */
export function canonicalPath(url: string): string {
  const path = decoded(url.split(/[?#]/, 1)[0]).replace(/\\/g, '/');
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

const keyOf = (method: string, path: string) => `${method} ${path}`;

const ROUTES_BY_KEY: ReadonlyMap<string, UpstreamRoute> = new Map(
  UPSTREAM_ROUTES.map((r) => [keyOf(r.method, canonicalPath(`/api/${r.path}`)), r]),
);

/**
 * The allowlisted upstream route a request reaches, however its path is spelled (`url` as the
 * request line has it, `/api` included); HEAD reaches the GET route, as express serves it.
 */
export function upstreamRouteOf(method: string, url: string): UpstreamRoute | undefined {
  const m = method.toUpperCase();
  return ROUTES_BY_KEY.get(keyOf(m === 'HEAD' ? 'GET' : m, canonicalPath(url)));
}
