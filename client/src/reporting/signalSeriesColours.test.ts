import { describe, expect, it } from 'vitest';
import { closestPair } from '../lib/colour/colourDistance';
import { typeColour } from '../lib/eventTypes/typeColours';
import { signalSeriesColours } from './signalSeriesColours';

// The event types of Excessive Alarm Accounts' thirteen series in the demo data, most signals
// first: Burglary Alarm, Medical, AC Power Failure, Video, Panic, Holdup, Supervisory,
// Communication Failure and Trouble, Fire, Burglary Verified, Waterflow, Carbon Monoxide.
const DEMO = ['B', 'ME', 'A', 'VA', 'P', 'HU', 'SP', 'CF', 'CF', 'F', 'B', 'F', 'SP'];

describe('signal series colours', () => {
  it("gives the first series of each event type that type's live colour", () => {
    const colours = signalSeriesColours(DEMO);
    expect(colours[0]).toBe(typeColour('B'));
    expect(colours[0]).toBe('#f57c00');
    expect(colours[7]).toBe(typeColour('CF'));
    expect(colours[9]).toBe(typeColour('F'));
  });

  it('gives a second series of one type a colour of its own, far from every other in the chart', () => {
    const colours = signalSeriesColours(DEMO);
    expect(new Set(colours).size).toBe(DEMO.length);
    const closest = closestPair(colours);
    expect(closest.deltaE, `${closest.a} and ${closest.b}`).toBeGreaterThanOrEqual(10);
  });

  it('colours the same chart the same way every time', () => {
    expect(signalSeriesColours(DEMO)).toEqual(signalSeriesColours([...DEMO]));
  });
});
