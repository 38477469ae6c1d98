// A vitest reporter for tests/run-all.mjs: the tests whose files declare them skipped (`skip`,
// `skipIf` with a true condition, `todo`), written as JSON to $VITEST_DECLARED_SKIPS. vitest's
// JSON report marks those "skipped" exactly like the tests of a suite whose setup failed; this
// tells the two apart. Keys are the file and the titles joined by spaces (the JSON's fullName).
import { writeFileSync } from 'node:fs';

function titles(test) {
  const names = [];
  for (let node = test; node && node.type !== 'module'; node = node.parent) names.unshift(node.name);
  return names.join(' ');
}

export default class DeclaredSkips {
  onTestRunEnd(testModules) {
    const out = process.env.VITEST_DECLARED_SKIPS;
    if (!out) return;
    const declared = [];
    for (const m of testModules)
      for (const t of m.children.allTests())
        if (t.options.mode === 'skip' || t.options.mode === 'todo')
          declared.push({ file: m.moduleId, fullName: titles(t) });
    writeFileSync(out, JSON.stringify(declared));
  }
}
