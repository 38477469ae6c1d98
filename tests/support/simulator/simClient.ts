import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../../simulator/createSimulator';

/** A fixed "now" for tests: Saturday 21 November 2026, 12:00 in California. */
export const TEST_NOW = Date.UTC(2026, 10, 21, 20, 0, 0);

/** A clock tests move by hand. */
export function manualClock(start = TEST_NOW) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(ms: number) {
      now = ms;
    },
  };
}

/** A small simulator on an ephemeral port with a hand-moved clock and the generator stopped. */
export async function startTestSimulator(opts: SimulatorOptions = {}) {
  const clock = manualClock();
  const sim = await startSimulator({
    port: 0,
    seed: 3,
    agencies: 4,
    sitesPerAgency: 40,
    historyPerAgencyPerDay: 200,
    generator: false,
    clock: clock.now,
    ...opts,
  });
  return { sim, clock };
}

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any field
  text: string;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

export async function post(
  sim: RunningSimulator,
  path: string,
  body: unknown,
  sessionId?: string,
  query: Record<string, string | number> = {},
): Promise<Answer> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${sim.url}${path}${qs.size ? `?${qs}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sessionId ? { authorization: sessionId } : {}) },
    body: JSON.stringify(body),
  });
  return answer(res);
}

export async function get(
  sim: RunningSimulator,
  path: string,
  query: Record<string, string | number | undefined> = {},
  sessionId?: string,
): Promise<Answer> {
  const qs = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]])),
  );
  const res = await fetch(`${sim.url}${path}${qs.size ? `?${qs}` : ''}`, {
    headers: sessionId ? { authorization: `Bearer ${sessionId}` } : {},
  });
  return answer(res);
}

/** Signs in and answers the login record. */
export async function signIn(sim: RunningSimulator, username: string, password: string) {
  const a = await post(sim, '/Login/AuthLogon', {
    Username: username,
    Password: password,
    IsUseProduction: true,
  });
  if (a.status !== 200) throw new Error(`sign-in failed: ${a.text}`);
  return a.body.result as {
    loginGUID: string;
    agencyId: string;
    servco_no: string;
    contactNumber: number;
    pn: string;
    RelationId?: string | null;
    serviceCompanyList: Array<{ servco_no: string; install_servco_no: string; servco_Type: string }>;
  };
}

/** POST to the control API; throws on a non-2xx answer. */
export async function control(sim: RunningSimulator, path: string, body?: unknown, method = 'POST') {
  const res = await fetch(`${sim.url}/_sim${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const a = await answer(res);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${a.text}`);
  return a.body;
}
