import { describe, expect, it } from 'vitest';
import { mergeVisibleOrder, parseColumnFormat, sameEvents, serializeColumnFormat } from './columnConfig';

const IDS = ['eventrpt_id', 'cS_', 'eventDate', 'zipcode'];
const LABELS = { eventrpt_id: 'Event Type', cS_: 'CS#', eventDate: 'Event Date', zipcode: 'Zip Code' };

describe('the agency column configuration', () => {
  it('reads order, visibility, event selection and page size from the saved list', () => {
    const text = JSON.stringify([
      { Name: 'CS#', Prop: 'cS_', IsActive: true, Events: 'B,F', orderIndex: 0, Count: 50 },
      { Name: 'Event Type', Prop: 'eventrpt_id', IsActive: false, Events: null, orderIndex: 1 },
      { Name: 'Gone', Prop: 'nothing', IsActive: true, orderIndex: 2 },
    ]);
    const cfg = parseColumnFormat(text, IDS);
    expect(cfg.order).toEqual(['cS_', 'eventrpt_id', 'eventDate', 'zipcode']);
    expect([...cfg.hidden]).toEqual(['eventrpt_id']);
    expect([...(cfg.events ?? [])]).toEqual(['B', 'F']);
    expect(cfg.pageSize).toBe(50);
  });

  it('gives the defaults for missing or malformed text: page size 20, All, the default hidden columns', () => {
    for (const text of [null, '', 'not json', '{}']) {
      const cfg = parseColumnFormat(text, IDS, ['zipcode']);
      expect(cfg.order).toEqual(IDS);
      expect(cfg.events).toBeNull();
      expect(cfg.pageSize).toBe(20);
      expect([...cfg.hidden]).toEqual(['zipcode']);
    }
  });

  it('writes what it reads (Count and Events on the first item, SelectAll for All)', () => {
    const cfg = {
      order: ['eventDate', 'cS_', 'eventrpt_id', 'zipcode'],
      hidden: new Set(['zipcode']),
      widths: { cS_: 180 },
      events: null,
      pageSize: 100,
    };
    const text = serializeColumnFormat(cfg, LABELS);
    const items = JSON.parse(text);
    expect(items[0]).toMatchObject({
      Name: 'Event Date',
      Prop: 'eventDate',
      IsActive: true,
      Events: 'SelectAll',
      orderIndex: 0,
      Count: 100,
    });
    expect(items[1]).toMatchObject({ Prop: 'cS_', Width: 180, orderIndex: 1 });
    const back = parseColumnFormat(text, IDS);
    expect(back.order).toEqual(cfg.order);
    expect([...back.hidden]).toEqual(['zipcode']);
    expect(back.widths).toEqual({ cS_: 180 });
    expect(back.pageSize).toBe(100);
  });

  it('keeps hidden columns in their slots when the visible ones are reordered', () => {
    expect(mergeVisibleOrder(['a', 'h', 'b', 'c'], ['c', 'a', 'b'])).toEqual(['c', 'h', 'a', 'b']);
  });

  it('compares selections, All being null', () => {
    expect(sameEvents(null, null)).toBe(true);
    expect(sameEvents(new Set(['B']), null)).toBe(false);
    expect(sameEvents(new Set(['B', 'F']), new Set(['F', 'B']))).toBe(true);
  });
});
