import { deltaE } from '../lib/colour/colourDistance';
import { typeColour } from '../lib/eventTypes/typeColours';
import { PALETTE } from './chartModel';

/**
 * Colours for chart series that are signal types, given each series' event type (its
 * `eventrpt_id`), in chart order. The first series of an event type wears that type's colour of
 * the live screens, so Burglary Alarm is orange on every screen. A second series of the same type
 * (Burglary Verified after Burglary Alarm) cannot: two segments of one colour in a stack read as
 * one. It takes the report palette's colour farthest from every colour the chart already uses.
 */
export function signalSeriesColours(eventTypes: readonly string[]): string[] {
  const out: (string | null)[] = [];
  const seen = new Set<string>();
  for (const type of eventTypes) {
    out.push(seen.has(type) ? null : typeColour(type));
    seen.add(type);
  }
  const used = out.filter((c): c is string => c !== null);
  return out.map((c) => {
    if (c) return c;
    const free = PALETTE.filter((p) => !used.includes(p));
    const pick = (free.length ? free : PALETTE).reduce((best, p) =>
      nearest(p, used) > nearest(best, used) ? p : best,
    );
    used.push(pick);
    return pick;
  });
}

const nearest = (colour: string, others: readonly string[]) =>
  others.reduce((min, o) => Math.min(min, deltaE(colour, o)), Infinity);
