import { describe, expect, it } from 'vitest';
import { MENU_IDS as I } from './menuCatalog';
import { menuIdsNeeded, menuNeedsOf, UPSTREAM_MENU_RULES } from './upstreamMenuNeeds';

const handOff = UPSTREAM_MENU_RULES.GetMasWebPlusTransfer;
const dealerEvents = UPSTREAM_MENU_RULES['Report/GetDealerEventActivity'];

describe('the menu a call needs', () => {
  it('a hand-off is open only when a valid account is named', () => {
    expect(menuNeedsOf(handOff, [{ Cs_No: 'C1042' }])).toEqual([]);
    expect(menuNeedsOf(handOff, [{ siteno: '12' }])).toEqual([]);
    for (const fields of [{}, { SiteNo: '0' }, { SystemNo: '0' }, { Cs_No: 'null' }, { Cs_No: '' }])
      expect(menuNeedsOf(handOff, [fields])).toEqual([[I.dataManagement]]);
  });

  it('a field is judged in every record it is sent in: each value needs its own item', () => {
    expect(menuNeedsOf(dealerEvents, [{ EventId: 'RA' }, { eventid: 'DISC' }])).toEqual([
      [I.runaway],
      [I.discrepancies],
    ]);
    expect(menuNeedsOf(dealerEvents, [{ EventId: 'RA', eventId: 'DISC' }])).toHaveLength(2);
    expect(menuNeedsOf(dealerEvents, [{}, {}])).toHaveLength(1);
    expect(menuNeedsOf('open', [{ anything: 1 }])).toEqual([]);
  });

  it("the simulator's single record reads the same", () => {
    expect(menuIdsNeeded(handOff, { SiteNo: '0', DMTool: '7001' })).toEqual([I.dataManagement]);
    expect(menuIdsNeeded(handOff, { SystemNo: '5' })).toBeNull();
    expect(menuIdsNeeded(dealerEvents, { EventId: 'srs' })).toEqual([I.serviceRequests]);
  });
});
