import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { uplotWithLocaleOnUse } from '../../client/build/uplotLocaleOnUse';

const uplotEsm = readFileSync(
  createRequire(import.meta.url)
    .resolve('uplot')
    .replace(/uPlot\.cjs\.js$/, 'uPlot.esm.js'),
  'utf8',
);

/** The module's text evaluated as a plain function (its exports made plain, its default returned). */
function evaluate(text: string): unknown {
  return new Function(
    text
      .replace(/^export function /gm, 'function ')
      .replace(/^export \{ uPlot as default \};$/m, 'return uPlot;'),
  )();
}

describe("uPlot's locale data on first use (issue 38)", () => {
  it('makes no number or date format as the module evaluates, and one when a number is formatted', () => {
    const made = { NumberFormat: 0, DateTimeFormat: 0 };
    const native = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
    // Counting stand-ins (both are also called without new).
    Object.assign(Intl, {
      NumberFormat: function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        made.NumberFormat++;
        return new native.NumberFormat(...args);
      },
      DateTimeFormat: function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        made.DateTimeFormat++;
        return new native.DateTimeFormat(...args);
      },
    });
    try {
      const uPlot = evaluate(uplotWithLocaleOnUse(uplotEsm)) as { fmtNum(v: number): string };
      expect(made).toEqual({ NumberFormat: 0, DateTimeFormat: 0 });
      expect(uPlot.fmtNum(1250)).toBe(new native.NumberFormat().format(1250));
      expect(made.NumberFormat).toBe(1);
      // The module as published makes both as it evaluates: the edits are what keeps them out.
      evaluate(uplotEsm);
      expect(made).toEqual({ NumberFormat: 2, DateTimeFormat: 1 });
    } finally {
      Object.assign(Intl, native);
    }
  });

  it("fails the build when uPlot's text changed", () => {
    expect(() => uplotWithLocaleOnUse(uplotEsm.replace('const localTz', 'const zone'))).toThrow(
      /uPlot's module changed/,
    );
  });
});
