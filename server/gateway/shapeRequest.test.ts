import { describe, expect, it } from 'vitest';
import { HAND_OFF_ACCOUNT_FIELDS } from '../../shared/upstream/accountRef';
import { GET_BODY_MESSAGE, shapeRequest } from './shapeRequest';
import type { UpstreamRoute } from './upstreamRoutes';

const eventLogs: UpstreamRoute = {
  method: 'POST',
  path: 'AlarmBuffer/GetEventLogs',
  sessionQuery: ['CurentsessionId'],
  sessionBody: ['Curentsession'],
  read: true,
};
const visible = new Set(['100', '300']);

describe('shapeRequest', () => {
  it('drops session fields the browser sent and writes the bridge one where the route says', () => {
    const shaped = shapeRequest(
      eventLogs,
      { CurentsessionId: 'forged', x: '1' },
      { curentsession: 'forged', SESSIONGUID: 'f', AgencyId: 100 },
      'real',
      visible,
    );
    expect(shaped).toEqual({
      ok: true,
      query: { x: '1', CurentsessionId: 'real' },
      body: { AgencyId: 100, Curentsession: 'real' },
    });
  });

  it('refuses an agency the session may not see, in the body or the query', () => {
    expect(shapeRequest(eventLogs, {}, { AgencyId: '999' }, 's', visible)).toMatchObject({
      ok: false,
      error: 'forbidden_agency',
    });
    expect(shapeRequest(eventLogs, { servcoNo: '999' }, {}, 's', visible)).toMatchObject({
      ok: false,
      error: 'forbidden_agency',
    });
    expect(shapeRequest(eventLogs, {}, { agencyId: ['100'] }, 's', visible)).toMatchObject({
      ok: false,
      error: 'forbidden_agency',
    });
    expect(shapeRequest(eventLogs, {}, { AgencyId: 300, ServcoNo: null }, 's', visible)).toMatchObject({
      ok: true,
    });
  });

  it('looks for agencies at every depth of the body, and refuses a body nested too deep', () => {
    const nested = shapeRequest(eventLogs, {}, { Filter: { Sites: [{ servco_no: '200' }] } }, 's', visible);
    expect(nested).toEqual({
      ok: false,
      error: 'forbidden_agency',
      message: 'You do not have access to that agency (Filter.Sites.0.servco_no).',
    });
    expect(shapeRequest(eventLogs, {}, { Filter: { Sites: [{ servco_no: '300' }] } }, 's', visible).ok).toBe(
      true,
    );
    let deep: Record<string, unknown> = { x: 1 };
    for (let i = 0; i < 12; i++) deep = { a: deep };
    expect(shapeRequest(eventLogs, {}, deep, 's', visible)).toMatchObject({
      ok: false,
      error: 'forbidden_agency',
    });
  });

  it('refuses a body that is not an object, and long or repeated query values', () => {
    expect(shapeRequest(eventLogs, {}, [1], 's', visible)).toMatchObject({ ok: false, error: 'bad_request' });
    expect(shapeRequest(eventLogs, { a: 'x'.repeat(501) }, {}, 's', visible)).toMatchObject({
      ok: false,
      error: 'bad_request',
    });
    expect(shapeRequest(eventLogs, { a: ['1', '2'] }, {}, 's', visible)).toMatchObject({
      ok: false,
      error: 'bad_request',
    });
  });

  it('an array route takes records and writes the session into each', () => {
    const route: UpstreamRoute = {
      method: 'POST',
      path: 'OnTest/ClearOrExtendMultipleTests',
      sessionBody: ['CurentsessionId'],
      body: 'array',
      read: false,
    };
    expect(shapeRequest(route, {}, [{ a: 1 }], 's', visible)).toEqual({
      ok: true,
      query: {},
      body: [{ a: 1, CurentsessionId: 's' }],
    });
    expect(shapeRequest(route, {}, { a: 1 }, 's', visible)).toMatchObject({
      ok: false,
      error: 'bad_request',
    });
  });

  it('a GET sends no body, and a GET given one is refused (no guard may read what is not sent)', () => {
    const route: UpstreamRoute = {
      method: 'GET',
      path: 'GetRecentlyAccessedSites',
      sessionQuery: ['SessionGUID'],
      read: true,
    };
    expect(shapeRequest(route, {}, undefined, 's', visible)).toEqual({
      ok: true,
      query: { SessionGUID: 's' },
      body: undefined,
    });
    expect(shapeRequest(route, {}, { a: 1 }, 's', visible)).toEqual({
      ok: false,
      error: 'bad_request',
      message: GET_BODY_MESSAGE,
    });
  });

  it('an account field is blank or valid for its kind; anything else is refused, never forwarded', () => {
    const handOff: UpstreamRoute = {
      method: 'GET',
      path: 'GetMasWebPlusTransfer',
      sessionQuery: ['SessionGUID'],
      read: true,
      accountFields: HAND_OFF_ACCOUNT_FIELDS,
    };
    const shape = (query: Record<string, string>) => shapeRequest(handOff, query, undefined, 's', visible);
    expect(shape({ SiteNo: '', SystemNo: ' ', Cs_No: '', DMTool: '7001' })).toMatchObject({ ok: true });
    expect(shape({ SiteNo: '12', SystemNo: '7', Cs_No: 'C1042' })).toEqual({
      ok: true,
      query: { SiteNo: '12', SystemNo: '7', Cs_No: 'C1042', SessionGUID: 's' },
      body: undefined,
    });
    for (const [query, message] of [
      [{ SiteNo: '0' }, 'SiteNo must be a positive whole number or empty.'],
      [{ SYSTEMNO: '1e3' }, 'SYSTEMNO must be a positive whole number or empty.'],
      [{ Cs_No: 'null' }, 'Cs_No must be a CS# (letters and digits, at least one digit) or empty.'],
      [{ cs_no: '000' }, 'cs_no must be a CS# (letters and digits, at least one digit) or empty.'],
    ] as const)
      expect(shape(query)).toEqual({ ok: false, error: 'bad_request', message });
  });

  it("drops an owner-only field from a sub-account's query and body, not from the owner's", () => {
    const preference: UpstreamRoute = {
      method: 'POST',
      path: 'Contact/GetOrUpdateSitePreference',
      sessionBody: ['SessionGUID'],
      read: false,
      ownerOnly: ['SelectedNavIds'],
    };
    const query = { Mode: 'UPDATE', selectednavids: '1,2' };
    const body = { SelectedNavIds: '1,2', IsDarkTheme: true };
    expect(shapeRequest(preference, query, body, 's', visible)).toEqual({
      ok: true,
      query: { Mode: 'UPDATE' },
      body: { IsDarkTheme: true, SessionGUID: 's' },
    });
    expect(shapeRequest(preference, query, body, 's', visible, true)).toEqual({
      ok: true,
      query,
      body: { ...body, SessionGUID: 's' },
    });
  });
});
