import { createHash } from 'node:crypto';

/** A hash of a feed's rows (ids and values, as strings, order-free): equal rows, equal hash. */
export function fingerprint(rows: Iterable<object>): string {
  const lines: string[] = [];
  for (const row of rows) {
    const r = row as Record<string, unknown>;
    const keys = Object.keys(r)
      .filter((k) => k !== 'totalRows')
      .sort();
    lines.push(keys.map((k) => `${k}=${String(r[k] ?? '')}`).join('|'));
  }
  lines.sort();
  return createHash('sha1').update(lines.join('\n')).digest('hex').slice(0, 16);
}
