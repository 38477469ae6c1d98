import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The code, the tests and the docs cite the product's rules as a repository path and a heading
 * anchor (`docs/product/live-alarms-and-testing.md#validation`). This test keeps every such
 * reference pointing at a file and a heading that exist, and keeps out the old citations of the
 * specification documents that are not in the repository ("doc 2" followed by a section sign).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url))
  .split(sep)
  .join('/');
const SCANNED = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|html|ya?ml)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.vite', 'recordings']);

const SECTION = '\u00a7';
/** A citation of the old specification: a doc number and a section, or a section sign on its own. */
const OLD_DOC_REF = new RegExp(`\\b[Dd]oc(?:ument)?\\s+[123],?\\s+${SECTION}`);
/** "(doc 1" at a line's end, its section on the next line. */
const DOC_AT_END = /\b[Dd]oc(?:ument)?\s+[123]\s*$/;
const SECTION_AT_START = new RegExp(`^[\\s*/#-]*${SECTION}`);
/** A section sign before a number, unless it cites a standard ("ISO 32000-1 §7.5.2"). */
const LONE_SECTION = new RegExp(`(?<!ISO [\\d-]+ )${SECTION}\\s*\\d`);
/** `docs/x.md`, `docs/x.md#a`, `docs/x.md#a, #b and #c`. */
const PATH_REF = /(?<![\w/.-])(docs\/[\w./-]+?\.md)((?:#[\w-]+)(?:(?:,? and |,? or |, )#[\w-]+)*)?/g;
/** A relative markdown link in the docs: `](../decisions.md#x)`, `](#x)`. */
const MD_LINK = /\]\(((?!https?:|mailto:|\/)[^)\s#]*)(#[^)\s]*)?\)/g;

interface Finding {
  file: string;
  line: number;
  text: string;
  problem: string;
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a markdown text offers: its headings' slugs (repeats numbered) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = slugOf(heading[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** What is wrong with the references of one file; `read` gives a repository file's text or null. */
function checkFile(file: string, text: string, read: (path: string) => string | null): Finding[] {
  const findings: Finding[] = [];
  const anchorsCache = new Map<string, Set<string> | null>();
  const anchorsAt = (path: string) => {
    if (!anchorsCache.has(path)) {
      const target = read(path);
      anchorsCache.set(path, target === null ? null : anchorsOf(target));
    }
    return anchorsCache.get(path)!;
  };
  const checkTarget = (line: number, text: string, path: string, anchors: string[]) => {
    const offered = anchorsAt(path);
    if (offered === null) {
      findings.push({ file, line, text, problem: `${path} does not exist` });
      return;
    }
    for (const anchor of anchors) {
      if (!offered.has(anchor))
        findings.push({ file, line, text, problem: `${path} has no heading #${anchor}` });
    }
  };

  const lines = text.split('\n');
  const isDoc = file.endsWith('.md');
  lines.forEach((lineText, i) => {
    const line = i + 1;
    const next = lines[i + 1] ?? '';
    if (OLD_DOC_REF.test(lineText) || (DOC_AT_END.test(lineText) && SECTION_AT_START.test(next))) {
      findings.push({ file, line, text: lineText.trim(), problem: 'cites the specification documents' });
    } else if (LONE_SECTION.test(lineText)) {
      findings.push({
        file,
        line,
        text: lineText.trim(),
        problem: 'cites a section of a document by number',
      });
    }
    for (const m of lineText.matchAll(PATH_REF)) {
      const anchors = [...(m[2] ?? '').matchAll(/#([\w-]+)/g)].map((a) => a[1]);
      checkTarget(line, m[0], m[1], anchors);
    }
    if (isDoc) {
      for (const m of lineText.matchAll(MD_LINK)) {
        const [whole, target, hash] = m;
        if (target !== '' && !target.endsWith('.md')) continue;
        const path = target === '' ? file : posix.normalize(posix.join(posix.dirname(file), target));
        checkTarget(line, whole, path, hash ? [hash.slice(1)] : []);
      }
    }
  });
  return findings;
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* filesUnder(join(dir, entry.name));
    } else if (SCANNED.test(entry.name)) {
      yield relative(ROOT, join(dir, entry.name)).split(sep).join('/');
    }
  }
}

function readRepoFile(path: string): string | null {
  try {
    return readFileSync(join(ROOT, path), 'utf8');
  } catch {
    return null;
  }
}

describe('references to the product docs', () => {
  it('computes heading anchors as GitHub does', () => {
    expect(slugOf('Live Alarm View (issue 5)')).toBe('live-alarm-view-issue-5');
    expect(slugOf('Trust boundaries (issue 10: codeword, menu, limits)')).toBe(
      'trust-boundaries-issue-10-codeword-menu-limits',
    );
    expect(slugOf('`useFeed` and the A/B test')).toBe('usefeed-and-the-ab-test');
    expect([...anchorsOf('# A\n## Calls\n```\n# not a heading\n```\n## Calls\n')]).toEqual([
      'a',
      'calls',
      'calls-1',
    ]);
  });

  it('finds a broken file, a broken anchor and an old citation', () => {
    const docs: Record<string, string> = {
      'docs/product/x.md': '# X\n## States\n## Calls\n',
      'docs/product/z.md': '# Top\n',
    };
    const read = (p: string) => docs[p] ?? null;
    const old = `doc 2 ${SECTION}4`;
    const text = [
      '// docs/product/x.md#states, #calls: fine',
      '// docs/product/x.md#states and #nowhere',
      '// docs/product/y.md#states',
      `// ${old}`,
      `// (doc 1`,
      `//  ${SECTION}8)`,
      `// row of ${SECTION}8`,
      `// ISO 32000-1 ${SECTION}7.5.2 is a standard`,
    ].join('\n');
    expect(checkFile('server/x.ts', text, read).map((f) => [f.line, f.problem])).toEqual([
      [2, 'docs/product/x.md has no heading #nowhere'],
      [3, 'docs/product/y.md does not exist'],
      [4, 'cites the specification documents'],
      [5, 'cites the specification documents'],
      [6, 'cites a section of a document by number'],
      [7, 'cites a section of a document by number'],
    ]);
    expect(checkFile('docs/product/z.md', '[ok](x.md#calls) [bad](x.md#none) [self](#top)', read)).toEqual([
      expect.objectContaining({ problem: 'docs/product/x.md has no heading #none' }),
    ]);
  });

  it('every reference in the code, the tests and the docs names a file and heading that exist', () => {
    const findings = [...filesUnder(ROOT)]
      .filter((file) => file !== SELF)
      .flatMap((file) => checkFile(file, readRepoFile(file) ?? '', readRepoFile));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.problem}: ${f.text}`)).toEqual([]);
  });
});
