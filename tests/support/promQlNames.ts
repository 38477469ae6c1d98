/**
 * Metric names read out of PromQL, and the PromQL of the operator's kit (ops/): enough of the
 * language for the kit's expressions (selectors, functions, aggregations with `by`, vector
 * matching, ranges), checked against a live /metrics by tests/ops/opsKitMetrics.test.ts.
 */

const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'offset',
  'inf',
  'nan',
]);

/** The metric names an expression selects (functions, keywords, label names and strings left out). */
export function metricsOfPromQl(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ') // strings
    .replace(/\{[^}]*\}/g, ' ') // label matchers
    .replace(/\[[^\]]*\]/g, ' ') // ranges and subqueries
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' '); // label lists
  const names = new Set<string>();
  for (const m of bare.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const name = m[0];
    const after = bare.slice(m.index + name.length).trimStart();
    if (after.startsWith('(')) continue; // a function or an aggregation
    if (KEYWORDS.has(name.toLowerCase())) continue;
    if (/^\d/.test(name)) continue;
    names.add(name);
  }
  return [...names];
}

/**
 * Every `expr:` of a Prometheus rules file, inline or as a `|` / `>-` block (the indented lines
 * below it). Throws when a rule has none, so a file this reader misreads fails loudly.
 */
export function ruleExpressions(yaml: string): string[] {
  const lines = yaml.split('\n');
  const exprs: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)expr:\s*(.*)$/.exec(lines[i]);
    if (!m) continue;
    const [, indent, rest] = m;
    if (!/^[|>][-+]?$/.test(rest.trim())) {
      exprs.push(rest.trim().replace(/^'(.*)'$/, '$1'));
      continue;
    }
    const block: string[] = [];
    while (i + 1 < lines.length && (lines[i + 1].trim() === '' || lines[i + 1].search(/\S/) > indent.length))
      block.push(lines[++i].trim());
    exprs.push(block.join(' ').trim());
  }
  const alerts = yaml.match(/^\s*- (alert|record):/gm)?.length ?? 0;
  if (exprs.length !== alerts || exprs.some((e) => e === ''))
    throw new Error(`read ${exprs.length} expressions for ${alerts} rules`);
  return exprs;
}

/** Every PromQL of a Grafana dashboard: panel targets (rows' panels too) and query variables. */
export function dashboardExpressions(dashboard: unknown): string[] {
  const exprs: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (typeof v === 'string') {
      if (key === 'expr') exprs.push(v);
      // A variable's `label_values(metric, label)` selects a metric too.
      else if ((key === 'query' || key === 'definition') && /label_values\(/.test(v))
        exprs.push(v.replace(/label_values\(\s*([^,)]+).*$/, '$1'));
      return;
    }
    if (Array.isArray(v)) v.forEach((x) => walk(x));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(dashboard);
  return exprs;
}
