import type { Plugin } from 'vite';

/**
 * uPlot's number format and local time zone, made on their first use instead of as its module
 * evaluates (issue 38). The first `Intl.NumberFormat` or `Intl.DateTimeFormat` a page makes loads
 * the locale's data: 55-130 ms at full speed on the test host, the longest task of the Live Alarm
 * View's load once its chart loaded. The charts format their own axis numbers
 * (chartModel.axisNumber) and use no time zone option, so with this neither is ever made there.
 * A change of uPlot's text fails the build here, not the page's speed later.
 */
const UPLOT_ESM = /[\\/]node_modules[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/;

const EDITS: ReadonlyArray<{ from: string; to: string }> = [
  {
    from: "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');\nconst fmtNum = val => numFormatter.format(val);",
    to: "let numFormatter = null;\nconst fmtNum = val => (numFormatter ??= new Intl.NumberFormat(domEnv ? nav.language : 'en-US')).format(val);",
  },
  {
    from: 'const localTz = new Intl.DateTimeFormat().resolvedOptions().timeZone;',
    to: 'let localTz = null;\nconst localTzOf = () => (localTz ??= new Intl.DateTimeFormat().resolvedOptions().timeZone);',
  },
  { from: 'else if (tz == localTz)', to: 'else if (tz == localTzOf())' },
];

/** The edits applied to uPlot's module text; throws when one no longer finds its text. */
export function uplotWithLocaleOnUse(code: string): string {
  return EDITS.reduce((text, { from, to }) => {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0)
      throw new Error(`uPlot's module changed: "${from.split('\n')[0]}" is not there once`);
    return text.slice(0, at) + to + text.slice(at + from.length);
  }, code);
}

export function uplotLocaleOnUse(): Plugin {
  return {
    name: 'dealer-portal:uplot-locale-on-use',
    transform(code, id) {
      if (!UPLOT_ESM.test(id)) return null;
      return { code: uplotWithLocaleOnUse(code), map: null };
    },
  };
}
