import { signIn, type Simulator } from '../support/stack';

/** What the tests of scheduled e-mails drive: sign-ins, the schedule routes, the outbox and the audit. */

export interface User {
  cookie: string;
  profile: { agencyId: string; contactNumber?: unknown };
}

export interface SentEmail {
  toAddress: string[];
  subject: string;
}

export interface AuditLine {
  action: string;
  agencyId: string;
  siteNo: string | null;
  csNo: string | null;
  outcome: string;
  message: string | null;
}

export const signInAs = (base: string, username: string, password: string): Promise<User> =>
  signIn(base, username, password);

/** One call of the bridge as a signed-in browser makes it (its cookie, its origin). */
export async function call(base: string, user: User, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: user.cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    json: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
  };
}

export async function outbox(sim: Simulator): Promise<SentEmail[]> {
  const res = await fetch(`${sim.url}/_sim/outbox`);
  return ((await res.json()) as { emails: SentEmail[] }).emails;
}

export async function auditOf(base: string, owner: User): Promise<AuditLine[]> {
  const answer = await call(base, owner, 'GET', '/api/audit?limit=500');
  return (answer.json?.entries ?? []) as AuditLine[];
}

/** A weekly Test Zones Report of a site, as the dialog sends it. */
export const testZonesSchedule = (agencyId: string, siteNo: string, recipients: string) => ({
  report: 'testZones',
  siteNo,
  agencyId,
  recipients,
  period: 'week',
  weekday: 1,
  time: '06:00',
  timeZone: 'America/Chicago',
  format: 'pdf',
});
