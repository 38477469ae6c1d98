import { describe, expect, it } from 'vitest';
import { isTestEvent } from '../../../../../shared/live/eventFacts';
import { eventFilterKey, eventPredicate, type EventFilter } from './eventFilters';
import { eventRow } from './testRows';

const NOW = Date.UTC(2026, 10, 21, 20, 0, 0);
const base: EventFilter = { types: null, includeTests: true, csNo: '', due: null };

describe('event filters', () => {
  it('keeps the selected event types only', () => {
    const keep = eventPredicate({ ...base, types: new Set(['F', 'B']) }, NOW);
    expect(keep(eventRow({ id: '1', eventrpt_id: 'B' }))).toBe(true);
    expect(keep(eventRow({ id: '2', eventrpt_id: 'O' }))).toBe(false);
  });

  it('hides test events unless Include Tests is ticked', () => {
    const onTest = eventRow({ id: '1', isTestCleared: 'N' });
    const timerTest = eventRow({ id: '2', eventrpt_id: 'T' });
    expect(isTestEvent(onTest) && isTestEvent(timerTest)).toBe(true);
    expect(eventPredicate({ ...base, includeTests: false }, NOW)(onTest)).toBe(false);
    expect(eventPredicate({ ...base, includeTests: true }, NOW)(timerTest)).toBe(true);
  });

  it('matches part of a CS#, whatever the case', () => {
    const keep = eventPredicate({ ...base, csNo: ' c104 ' }, NOW);
    expect(keep(eventRow({ id: '1', cS_: 'C10420' }))).toBe(true);
    expect(keep(eventRow({ id: '2', cS_: 'C20420' }))).toBe(false);
  });

  it('applies the due window to the event date', () => {
    const keep = eventPredicate({ ...base, due: 0 }, NOW);
    expect(keep(eventRow({ id: '1' }, NOW - 59 * 60_000))).toBe(true);
    expect(keep(eventRow({ id: '2' }, NOW - 61 * 60_000))).toBe(false);
  });

  it('names a filter by its meaning, not by the order types were picked', () => {
    expect(eventFilterKey({ ...base, types: new Set(['B', 'F']) })).toBe(
      eventFilterKey({ ...base, types: new Set(['F', 'B']) }),
    );
    expect(eventFilterKey({ ...base, csNo: 'c1' })).toBe(eventFilterKey({ ...base, csNo: ' C1 ' }));
  });
});
