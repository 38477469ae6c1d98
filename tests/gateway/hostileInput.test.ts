import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { call, signIn, SIGNS_IN_OFTEN, stackPerFile } from './harness';

/**
 * Requests shaped to slip past the bridge's guards, made as a hostile page, a mail link or a
 * script would, against the real bridge and simulator: a write spelled another way, an account
 * "named" by a value that names none, a field moved to where a guard did not look.
 */
const gateway = stackPerFile(SIGNS_IN_OFTEN);

interface RawAnswer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any field
}

/** One request exactly as written (fetch would tidy the path and refuses a GET body). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  const url = new URL(gateway.base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** How many requests of a path (any case) reached the simulator. */
async function upstreamCalls(path: string): Promise<number> {
  const stats = (await (await fetch(`${gateway.stack.sim.url}/_sim/stats`)).json()) as {
    byPath: Record<string, { requests: number }>;
  };
  return Object.entries(stats.byPath)
    .filter(([p]) => p.toLowerCase().replace(/\/+$/, '') === path.toLowerCase())
    .reduce((n, [, s]) => n + s.requests, 0);
}

/** The SelectedNavIds of a sign-in's profile. */
const navIdsOf = (profile: { sitePreferences?: string | null }) =>
  (JSON.parse(profile.sitePreferences ?? '[{}]') as { SelectedNavIds?: string }[])[0].SelectedNavIds;

describe('a write is a write however its path is spelled (finding #3)', () => {
  it('a manual-signal link opened from a mail app raises no signal, with or without a trailing slash', async () => {
    const owner = await signIn(gateway.base, 'owner', 'owner123');
    const cs = gateway.stack.sim.world.systemsOf(owner.body.profile.agencyId)[0].csNo;
    const fromMail = { cookie: owner.cookie, 'sec-fetch-site': 'none' };
    const query = `?CsNo=${cs}&EventId=BA`;
    const before = await upstreamCalls('/alarm/SetManualSignal');
    for (const path of [
      '/api/alarm/SetManualSignal/',
      '/api/ALARM/setmanualsignal',
      '/api/alarm/SetManualSignal//',
      '/api//alarm/SetManualSignal',
      '/api/alarm//SetManualSignal',
      '/api/alarm/SetManual%53ignal',
      '/api/alarm/SetManualSignal%2F',
      '/api/alarm/x/../SetManualSignal',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await raw(method, `${path}${query}`, fromMail);
        expect({ method, path, status: answer.status }).toEqual({ method, path, status: 403 });
      }
    }
    expect(await upstreamCalls('/alarm/SetManualSignal')).toBe(before);
  });

  it('a write that names neither Sec-Fetch-Site nor Origin is refused; its own origin passes', async () => {
    const owner = await signIn(gateway.base, 'owner', 'owner123');
    const cs = gateway.stack.sim.world.systemsOf(owner.body.profile.agencyId)[0].csNo;
    const json = { cookie: owner.cookie, 'content-type': 'application/json' };
    const bare = await raw('POST', '/api/session/codeword', json, '{"codeword":""}');
    expect(bare.status).toBe(403);
    expect(bare.body.error).toBe('cross_site');
    const signal = await raw('GET', `/api/alarm/SetManualSignal/?CsNo=${cs}&EventId=4618`, {
      cookie: owner.cookie,
    });
    expect(signal.status).toBe(403);
    // The same calls from the bridge's own pages pass (Origin, or the browser's Sec-Fetch-Site).
    const own = await raw(
      'POST',
      '/api/session/codeword',
      { ...json, origin: gateway.base },
      '{"codeword":""}',
    );
    expect(own.status).toBe(200);
    const screen = await raw('GET', `/api/alarm/SetManualSignal/?CsNo=${cs}&EventId=4618`, {
      cookie: owner.cookie,
      'sec-fetch-site': 'same-origin',
    });
    expect(screen.status).toBe(200);
    expect(screen.body.result).toBe('Success.');
    // Reads stay open to a script and to a typed address.
    expect((await raw('GET', '/api/session', { cookie: owner.cookie })).status).toBe(200);
    expect(
      (await raw('GET', '/api/GetRecentlyAccessedSites/', { cookie: owner.cookie, 'sec-fetch-site': 'none' }))
        .status,
    ).toBe(200);
  });
});

describe('an account is named only by a valid value (finding #5)', () => {
  it('a sub-account without Data Management gets no hand-off by naming account 0 or null', async () => {
    const dispatcher = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    expect(navIdsOf(dispatcher.body.profile)).toBe('1,3,4,7');
    const { cookie } = dispatcher;
    const before = await upstreamCalls('/GetMasWebPlusTransfer');
    for (const named of [{ SiteNo: '0' }, { SystemNo: '0' }, { Cs_No: 'null' }, { SiteNo: '-4' }]) {
      const handOff = await call(gateway.base, 'GET', '/api/GetMasWebPlusTransfer', {
        cookie,
        query: { SiteNo: '', SystemNo: '', Cs_No: '', ...named, DMTool: '7001' },
      });
      // Naming no account, the call is the Data Management item, which this menu lacks.
      expect({ named, status: handOff.status, error: handOff.body.error }).toEqual({
        named,
        status: 403,
        error: 'forbidden_menu',
      });
    }
    expect(await upstreamCalls('/GetMasWebPlusTransfer')).toBe(before);

    // A real account still hands off from any screen; the Data Management item stays refused.
    const cs = gateway.stack.sim.world.systemsOf(dispatcher.body.profile.agencyId)[0].csNo;
    const account = await call(gateway.base, 'GET', '/api/GetMasWebPlusTransfer', {
      cookie,
      query: { SiteNo: '', SystemNo: '', Cs_No: cs, DMTool: '7001' },
    });
    expect(account.status).toBe(200);
    expect(account.body.result).toMatch(/^http/);
    const dataManagement = await call(gateway.base, 'GET', '/api/GetMasWebPlusTransfer', {
      cookie,
      query: { SiteNo: '', SystemNo: '', Cs_No: '', DMTool: '7001' },
    });
    expect(dataManagement.status).toBe(403);
    // The owner, who has the item, still opens Data Management with the blank fields the menu sends.
    const owner = await signIn(gateway.base, 'owner', 'owner123');
    const ownerDataManagement = await call(gateway.base, 'GET', '/api/GetMasWebPlusTransfer', {
      cookie: owner.cookie,
      query: { SiteNo: '', SystemNo: '', Cs_No: '', DMTool: '7001' },
    });
    expect(ownerDataManagement.status).toBe(200);
    // An account value that names none is refused with a reason, never forwarded as if blank.
    const upstreamBefore = await upstreamCalls('/GetMasWebPlusTransfer');
    for (const [named, message] of [
      [{ SiteNo: '0' }, 'SiteNo must be a positive whole number or empty.'],
      [{ systemno: '12abc' }, 'systemno must be a positive whole number or empty.'],
      [{ Cs_No: 'null' }, 'Cs_No must be a CS# (letters and digits, at least one digit) or empty.'],
      [{ Cs_No: cs, SiteNo: '0' }, 'SiteNo must be a positive whole number or empty.'],
    ] as const) {
      const refused = await call(gateway.base, 'GET', '/api/GetMasWebPlusTransfer', {
        cookie: owner.cookie,
        query: { ...named, DMTool: '7001' },
      });
      expect({ named, status: refused.status, body: refused.body }).toEqual({
        named,
        status: 400,
        body: { error: 'bad_request', message },
      });
    }
    expect(await upstreamCalls('/GetMasWebPlusTransfer')).toBe(upstreamBefore);
  });
});

describe('guards read the query as they read the body (finding #10)', () => {
  it("a sub-account's SelectedNavIds in the query never reaches the upstream; its menu stays", async () => {
    const dispatcher = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    const save = await call(gateway.base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie: dispatcher.cookie,
      query: { Mode: 'UPDATE', SelectedNavIds: '1,2,3,4,5,7' },
      body: { GraphsView: 9002 },
    });
    // The bridge dropped the menu: the upstream saved the rest and had nothing to refuse.
    expect(save.status).toBe(200);
    expect(save.body).toMatchObject({ apiStatus: true });
    const again = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    expect(navIdsOf(again.body.profile)).toBe('1,3,4,7');
    expect(JSON.parse(again.body.profile.sitePreferences)[0]).toMatchObject({ GraphsView: 9002 });
  });

  it('a sub-account naming another contact in the query is refused by the bridge', async () => {
    const dispatcher = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    const owner = await signIn(gateway.base, 'owner', 'owner123');
    const before = await upstreamCalls('/Contact/GetOrUpdateSitePreference');
    const foreign = await call(gateway.base, 'POST', '/api/Contact/GetOrUpdateSitePreference', {
      cookie: dispatcher.cookie,
      query: { SelectedContactNo: String(owner.body.profile.contactNumber) },
      body: {},
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('forbidden_owner');
    expect(await upstreamCalls('/Contact/GetOrUpdateSitePreference')).toBe(before);
  });

  it('a GET with a body is refused, so a body cannot open the Data Management hand-off', async () => {
    const dispatcher = await signIn(gateway.base, 'dispatcher', 'dispatch123');
    const cs = gateway.stack.sim.world.systemsOf(dispatcher.body.profile.agencyId)[0].csNo;
    const before = await upstreamCalls('/GetMasWebPlusTransfer');
    const smuggled = await raw(
      'GET',
      '/api/GetMasWebPlusTransfer?DMTool=7001',
      { cookie: dispatcher.cookie, 'content-type': 'application/json' },
      JSON.stringify({ Cs_No: cs }),
    );
    expect(smuggled.status).toBe(400);
    expect(smuggled.body).toMatchObject({
      error: 'bad_request',
      message: 'A GET call takes no body: send its fields in the query.',
    });
    expect(await upstreamCalls('/GetMasWebPlusTransfer')).toBe(before);
  });
});
