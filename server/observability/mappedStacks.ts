import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces of the prebuilt bridge name the TypeScript sources (`server/app/bridge.ts:123:9`),
 * as `--enable-source-maps` would, but a file's source map is read at the first stack trace that
 * passes through it, not at start. NOTE: Node reads and parses every map when it loads a file
 * (about 0.1 s of the bridge's start-up); the bundle's maps are external, so Node finds none, and
 * this maps the frames instead (docs/decisions.md, "A bridge that serves sooner after a restart").
 * Installed only when the entry has a map beside it: from sources (tsx), Node's own mapping stays.
 */
export function mapBundleStackTraces(entry: string | undefined = process.argv[1]): boolean {
  if (!entry || !existsSync(`${entry}.map`)) return false;
  mapStackTraces(dirname(entry));
  return true;
}

/** Maps the frames of every file under `dir` that has a `.map` beside it. */
export function mapStackTraces(dir: string) {
  const within = dir.endsWith(sep) ? dir : `${dir}${sep}`;
  const maps = new Map<string, { map: SourceMap; url: URL } | null>();

  function mapOf(file: string) {
    let known = maps.get(file);
    if (known !== undefined) return known;
    known = null;
    try {
      const path = file.startsWith('file:') ? fileURLToPath(file) : file;
      if (path.startsWith(within) && existsSync(`${path}.map`)) {
        const payload = JSON.parse(readFileSync(`${path}.map`, 'utf8'));
        known = { map: new SourceMap(payload), url: pathToFileURL(`${path}.map`) };
      }
    } catch {
      // An unreadable map leaves the frame as V8 wrote it.
    }
    maps.set(file, known);
    return known;
  }

  function frame(site: NodeJS.CallSite): string {
    const text = String(site);
    const file = site.getFileName();
    const line = site.getLineNumber();
    const column = site.getColumnNumber();
    if (!file || line === null || column === null) return text;
    const found = mapOf(file);
    if (!found) return text;
    const entry = found.map.findEntry(line - 1, column - 1);
    if (!('originalSource' in entry)) return text;
    const source = new URL(entry.originalSource, found.url);
    const where = `${source.protocol === 'file:' ? fileURLToPath(source) : source.href}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
    const generated = `${file}:${line}:${column}`;
    const at = text.lastIndexOf(generated);
    return at < 0 ? text : `${text.slice(0, at)}${where}${text.slice(at + generated.length)}`;
  }

  Error.prepareStackTrace = (error: unknown, sites: NodeJS.CallSite[]) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = 'Error';
    }
    return [head, ...sites.map((s) => `    at ${frame(s)}`)].join('\n');
  };
}
