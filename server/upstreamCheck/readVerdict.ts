import type { z } from 'zod';
import { kindOf, maskedExample } from './maskedExample';

/** What one read came to: the line the check prints for it. */
export type ReadVerdict =
  | { kind: 'ok'; note?: string }
  | { kind: 'differs'; field: string; expected: string; got: string; example: string; more: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'skipped'; reason: string };

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

/** `result.eventLogList[0].alarm_Date`: a field path as an operator reads it. */
export function fieldPath(path: readonly Key[]): string {
  return path
    .map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`))
    .join('');
}

function valueAt(root: unknown, path: readonly Key[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<Key, unknown>)[k];
  }
  return v;
}

function expectedOf(issue: Issue): string {
  if (issue.code === 'invalid_type') return String(issue.expected);
  if (issue.code === 'invalid_value')
    return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  return issue.message;
}

/**
 * The first field a schema refused in an answer, with what it expected, what came and an
 * example of the value (masked), as a `differs` verdict. `prefix` is where `value` sits in the
 * answer (`result`, `result.eventLogList`, ...).
 */
export function differs(issues: readonly Issue[], value: unknown, prefix: readonly Key[]): ReadVerdict {
  const issue = issues[0];
  const path = issue.path;
  const got = valueAt(value, path);
  const end = path.at(-1);
  const last = typeof end === 'symbol' ? undefined : end;
  return {
    kind: 'differs',
    field: fieldPath([...prefix, ...path]) || '(the answer)',
    expected: expectedOf(issue),
    got: kindOf(got),
    example: maskedExample(got, last),
    more: issues.length - 1,
  };
}

/** The line printed for a read. */
export function verdictLine(name: string, v: ReadVerdict): string {
  const label = name.padEnd(58);
  switch (v.kind) {
    case 'ok':
      return `ok       ${label}${v.note ? ` ${v.note}` : ''}`;
    case 'differs':
      return (
        `differs  ${label} ${v.field}: expected ${v.expected}, got ${v.got} (example ${v.example})` +
        (v.more > 0 ? ` and ${v.more} more difference(s)` : '')
      );
    case 'refused':
      return `refused  ${label} ${v.reason}`;
    case 'failed':
      return `failed   ${label} ${v.reason}`;
    case 'skipped':
      return `skipped  ${label} ${v.reason}`;
  }
}
