import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_METHODS } from '../../shared/upstream/envelope';
import { READ_METHODS } from '../../server/gateway/alarmGatewayRoute';
import { UPSTREAM_ROUTES } from '../../server/gateway/upstreamRoutes';
import { BRIDGE_SERVICE_USER } from '../../simulator/world/demoUsers';
import type { FaultSpec } from '../../simulator/control/faults';
import { freePort } from '../support/processes';
import { startSim, type Simulator } from '../support/stack';

/*
 * `npm run upstream:check` as an operator runs it (a process of its own, the password in
 * UPSTREAM_PASSWORD), against the simulator behind a proxy that notes every call reaching it.
 */

interface Run {
  code: number | null;
  out: string;
  err: string;
}

function runCheck(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/upstreamCheck/upstreamCheckCli.ts', ...args],
      {
        env: { ...process.env, UPSTREAM_PASSWORD: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A call that reached the upstream: its method and path, and a gateway call's method name. */
interface Call {
  method: string;
  path: string;
  gatewayMethod?: string;
}

/** Forwards to the simulator and notes each call. */
async function startNotingProxy(target: string) {
  const calls: Call[] = [];
  const t = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', target).pathname;
      const call: Call = { method: req.method ?? '', path };
      if (path.toLowerCase() === '/masapi/apirequest') {
        const parsed: unknown = JSON.parse(body.toString('utf8') || '{}');
        if (parsed && typeof parsed === 'object' && 'methodName' in parsed)
          call.gatewayMethod = String(parsed.methodName);
      }
      calls.push(call);
      const up = request(
        { host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      up.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const bridgeUser = ['--user', BRIDGE_SERVICE_USER.username];
const withPassword = { UPSTREAM_PASSWORD: BRIDGE_SERVICE_USER.password };
/** The first dealer's owner: every menu, so every read the bridge makes is one it may make. */
const ownerUser = ['--user', 'owner'];
const withOwnerPassword = { UPSTREAM_PASSWORD: 'owner123' };

/** Upstream paths the bridge writes with (the allowlist's non-read routes), lower-cased. */
const WRITE_PATHS = new Set(UPSTREAM_ROUTES.filter((r) => !r.read).map((r) => `/${r.path}`.toLowerCase()));
const WRITE_METHODS = new Set<string>(GATEWAY_METHODS.filter((m) => !READ_METHODS.has(m)));
const GATEWAY_READS = new Set<string>(READ_METHODS);
const verdicts = (out: string) =>
  out.split('\n').filter((l) => /^(ok|differs|refused|failed|skipped) /.test(l));
/**
 * The bridge's identity has no Settings menu, so the upstream refuses it a person's phones (read at
 * a person's own second-factor sign-in): told as refused, which is not a failure.
 */
const PHONES_REFUSED = /^refused +contact phones +Contact\/GetContactPhones +You do not have permission/;
const notOk = (lines: string[]) => lines.filter((l) => !l.startsWith('ok ') && !PHONES_REFUSED.test(l));

describe('npm run upstream:check against the simulator', () => {
  let sim: Simulator;
  /** The check as the bridge's identity while the simulator answers with `fault`. */
  async function checkWithFault(fault: FaultSpec): Promise<Run> {
    const added = sim.simulator.faults.add(fault);
    try {
      return await runCheck(['--url', sim.url, ...bridgeUser], withPassword);
    } finally {
      sim.simulator.faults.clear(added.id);
    }
  }
  let proxy: Awaited<ReturnType<typeof startNotingProxy>>;

  beforeAll(async () => {
    sim = await startSim();
    proxy = await startNotingProxy(sim.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await sim?.close();
  });

  it('finds every read of the bridge ok, exits 0, and calls no write', async () => {
    proxy.calls.length = 0;
    const run = await runCheck(['--url', proxy.url, ...bridgeUser], withPassword);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const lines = verdicts(run.out);
    expect(notOk(lines)).toEqual([]);
    expect(lines.filter((l) => PHONES_REFUSED.test(l))).toHaveLength(1);
    // The profile, both feeds, the on-test list, every scheduled report, the look-ups and the
    // bridge's own reads (current rights, an agency's accounts, a system by CS#).
    for (const read of [
      'Login/AuthLogon',
      'AlarmBuffer/GetEventLogs ',
      'AlarmBuffer/GetEventLogsLiveAlarm_Dev',
      'OnTest/GetUnclearedSystems',
      'Report/GetTestZonesReport',
      'Home/GetExcessiveDispatch',
      'MASAPI/APIRequest GetOptOutListByServcoNo',
      'Dashboard/GetGrowthAttritiontData',
      'OnTest/GetTestCategory',
      'OnTest/GetSignalFormatTypes',
      'Contact/GetContactAccess',
      'GetSiteByServCoNo',
      'OnTest/GetSystemData',
    ])
      expect(
        lines.some((l) => l.includes(read)),
        read,
      ).toBe(true);

    const seen = proxy.calls.map(
      (c) => `${c.method} ${c.path}${c.gatewayMethod ? ` ${c.gatewayMethod}` : ''}`,
    );
    expect(seen.filter((c) => c.endsWith('/Login/AuthLogon'))).toHaveLength(1);
    const writes = proxy.calls.filter(
      (c) =>
        WRITE_PATHS.has(c.path.toLowerCase()) ||
        (c.gatewayMethod != null && WRITE_METHODS.has(c.gatewayMethod)),
    );
    expect(writes).toEqual([]);
    // Every call is a read of the allowlist, the sign-in, the log-off that ends the session, or the
    // read of current rights the bridge makes with its identity only (tests/gateway/allowlist.test.ts).
    const reads = new Set(UPSTREAM_ROUTES.filter((r) => r.read).map((r) => `/${r.path}`.toLowerCase()));
    const others = proxy.calls.filter(
      (c) =>
        !reads.has(c.path.toLowerCase()) &&
        !['/login/authlogon', '/logoff', '/contact/getcontactaccess'].includes(c.path.toLowerCase()) &&
        !(c.path.toLowerCase() === '/masapi/apirequest' && GATEWAY_READS.has(c.gatewayMethod ?? '')),
    );
    expect(others).toEqual([]);
  });

  it('with an account that may make every read (the owner), finds every one ok and exits 0', async () => {
    const run = await runCheck(['--url', sim.url, ...ownerUser], withOwnerPassword);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const lines = verdicts(run.out);
    expect(lines.filter((l) => !l.startsWith('ok '))).toEqual([]);
    expect(lines.some((l) => /^ok +contact phones +Contact\/GetContactPhones/.test(l))).toBe(true);
    expect(run.out).toMatch(/^\d+ ok, 0 differ, 0 refused, 0 failed$/m);
  });

  it("prints a differing answer's example with names, phones and e-mails masked", async () => {
    // Each answer's list retyped to its JSON text: the example is that text, as the check may show it.
    const faults = [
      { path: '/Dashboard/GetActualEventDetails', drift: { field: 'result', change: 'retype' } },
      { path: '/MASAPI/APIRequest', drift: { field: 'Result', change: 'retype' } },
      { path: '/Contact/GetContactPhones', drift: { field: 'result', change: 'retype' } },
    ] as const;
    const added = faults.map((f) => sim.simulator.faults.add(f));
    try {
      const run = await runCheck(['--url', sim.url, ...ownerUser], withOwnerPassword);
      expect(run.code).toBe(1);
      const differing = verdicts(run.out).filter((l) => !l.startsWith('ok '));
      const exampleOf = (l: string | undefined) => /\(example (.*)\)$/.exec(l ?? '')?.[1];
      expect(differing).toHaveLength(3);
      // "Lewis Residence" at "7328 Washington St": the site's name keeps each word's first letter.
      expect(differing[0]).toMatch(
        /^differs +Actual Events +Dashboard\/GetActualEventDetails +result: expected array, got string/,
      );
      expect(exampleOf(differing[0])).toBe(
        String.raw`"[{\"s***_n*\":1*****,\"s***_n***\":\"L**** R********\",\"s***_a****..."`,
      );
      // William Jackson's phone 2185551356: every digit hidden.
      expect(differing[1]).toMatch(
        /^differs +AASMS Opt-Out Request +MASAPI\/APIRequest GetOptOutListByServcoNo +Result: expected array, got string/,
      );
      expect(exampleOf(differing[1])).toBe(
        String.raw`"[{\"C***\":\"C*****\",\"C*************\":\"**********\",\"F********\":..."`,
      );
      // The owner's phone 7145550101 and e-mail olivia.owens@example.com: an e-mail hides all
      // the text around it up to a space.
      expect(differing[2]).toMatch(
        /^differs +contact phones +Contact\/GetContactPhones +result: expected array, got string/,
      );
      expect(exampleOf(differing[2])).toMatch(/^"\[\{[\\"*:,_]+\.\.\."$/);
      for (const personal of [
        'Lewis',
        'Washington',
        '2185551356',
        'William',
        'Jackson',
        '7145550101',
        'olivia',
        'example.com',
      ])
        expect(run.out, personal).not.toContain(personal);
    } finally {
      for (const f of added) sim.simulator.faults.clear(f.id);
    }
  });

  it('reports a read answered with HTTP 500 as failed, and exits non-zero', async () => {
    const run = await checkWithFault({ path: '/OnTest/GetZoneStates', status: 500 });
    expect(run.code).toBe(1);
    expect(notOk(verdicts(run.out))).toEqual([
      expect.stringMatching(/^failed +zone states +OnTest\/GetZoneStates +HTTP 500$/),
    ]);
    expect(run.out).toMatch(/^\d+ ok, 0 differ, 1 refused, 1 failed$/m);
  });

  it('reports a report whose whole result came as text as differing, not as a report without rows', async () => {
    const run = await checkWithFault({
      path: '/Report/GetDealerEventActivity',
      drift: { field: 'result', change: 'retype' },
    });
    expect(run.code).toBe(1);
    const differing = notOk(verdicts(run.out)).filter((l) => l.includes('Report/GetDealerEventActivity'));
    expect(differing.length).toBeGreaterThan(0);
    for (const line of differing) expect(line).toMatch(/^differs .* result: expected array, got string/);
  });

  it('reports exactly the read whose answer drifted, with the field, and exits non-zero', async () => {
    const run = await checkWithFault({
      path: '/AlarmBuffer/GetEventLogsLiveAlarm_Dev',
      drift: { field: 'alarm_Date', change: 'rename' },
    });
    expect(run.code).toBe(1);
    const differing = notOk(verdicts(run.out));
    expect(differing).toHaveLength(1);
    expect(differing[0]).toMatch(/^differs +active alarms +AlarmBuffer\/GetEventLogsLiveAlarm_Dev/);
    expect(differing[0]).toContain('result.eventLogList[0].alarm_Date: expected string, got nothing');
  });

  it("reports a drifted answer of the bridge's own rights read as that read differing", async () => {
    const run = await checkWithFault({
      path: '/Contact/GetContactAccess',
      drift: { field: 'agencyId', change: 'rename' },
    });
    expect(run.code).toBe(1);
    const differing = notOk(verdicts(run.out));
    expect(differing).toHaveLength(1);
    expect(differing[0]).toMatch(/^differs +current rights +Contact\/GetContactAccess +result\.agencyId/);
  });

  it('reports a retyped profile field as the profile differing', async () => {
    const run = await checkWithFault({
      path: '/Login/AuthLogon',
      drift: { field: 'install_servco_Type', change: 'retype' },
    });
    expect(run.code).toBe(1);
    expect(verdicts(run.out)).toEqual([
      expect.stringMatching(
        /^differs +profile +Login\/AuthLogon +result\.install_servco_Type: expected string, got number/,
      ),
    ]);
  });

  it('says in one line that the password was refused, tries it once, and exits non-zero', async () => {
    proxy.calls.length = 0;
    const run = await runCheck(['--url', proxy.url, ...bridgeUser], {
      UPSTREAM_PASSWORD: 'not-the-password',
    });
    expect(run.code).toBe(2);
    expect(run.out.trim().split('\n').slice(1)).toEqual([
      'the upstream refused the user name or password of "bridge" (tried once; nothing else was called)',
    ]);
    expect(proxy.calls.map((c) => c.path)).toEqual(['/Login/AuthLogon']);
  });

  it('refuses a password given as a flag, before calling anything', async () => {
    proxy.calls.length = 0;
    const run = await runCheck([
      '--url',
      proxy.url,
      ...bridgeUser,
      '--password',
      BRIDGE_SERVICE_USER.password,
    ]);
    expect(run.code).toBe(2);
    expect(run.err.trim()).toMatch(/^refused: a password is never given on the command line/);
    expect(proxy.calls).toEqual([]);
  });
});

describe('npm run upstream:check where there is no monitoring-center API', () => {
  it('says in one line that nothing answers at an unreachable address', async () => {
    const port = await freePort();
    const run = await runCheck(['--url', `http://127.0.0.1:${port}`, ...bridgeUser], withPassword);
    expect(run.code).toBe(2);
    expect(run.out.trim().split('\n').slice(1)).toEqual([
      `cannot reach the upstream at http://127.0.0.1:${port}: ECONNREFUSED`,
    ]);
  });

  it('says in one line that an address answering HTML is not the API', async () => {
    const page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body><h1>Welcome to our web site</h1></body></html>');
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    try {
      const run = await runCheck(['--url', url, ...bridgeUser], withPassword);
      expect(run.code).toBe(2);
      expect(run.out.trim().split('\n').slice(1)).toEqual([
        `the upstream at ${url} answered an HTML page (HTTP 200) instead of JSON: is this the monitoring-center API's address?`,
      ]);
    } finally {
      await new Promise<void>((r) => page.close(() => r()));
    }
  });
});
