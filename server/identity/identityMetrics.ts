import { Counter, Gauge } from 'prom-client';
import type { Metrics } from '../observability/metrics';
import type { IdentityStatus } from './identitySession';
import type { SignInVerdict } from './signInGate';

const STATES = ['idle', 'signingIn', 'signedIn', 'backingOff'] as const;

/**
 * The identity's metrics, on the bridge's registry: sign-ins by outcome, and its state and
 * refusals in a row read at each scrape. An alert on `bridge_identity_refusals > 0` catches a
 * wrong password long before anything could lock.
 */
export function identityMetrics(metrics: Pick<Metrics, 'registry'>, statuses: () => IdentityStatus[]) {
  const signIns = new Counter({
    name: 'bridge_identity_sign_ins_total',
    help: "Sign-ins of the bridge's own upstream identity by outcome (deferred: backing off or another process signing in)",
    labelNames: ['identity', 'outcome'],
    registers: [metrics.registry],
  });
  new Gauge({
    name: 'bridge_identity_state',
    help: '1 for the state each bridge identity is in on this process',
    labelNames: ['identity', 'state'],
    registers: [metrics.registry],
    collect() {
      this.reset();
      for (const s of statuses())
        for (const st of STATES) this.set({ identity: s.identity, state: st }, s.state === st ? 1 : 0);
    },
  });
  new Gauge({
    name: 'bridge_identity_refusals',
    help: 'Refused sign-ins in a row of each bridge identity (the upstream locks an account after 5)',
    labelNames: ['identity'],
    registers: [metrics.registry],
    collect() {
      this.reset();
      for (const s of statuses()) this.set({ identity: s.identity }, s.refusals);
    },
  });
  return {
    signIn(identity: string, verdict: SignInVerdict | 'deferred') {
      signIns.inc({ identity, outcome: verdict });
    },
  };
}

const PORTAL_SIGN_INS = 'bridge_identity_portal_sign_ins_total';

/**
 * Portal sign-ins that named a bridge identity's username, by identity (its label, never the
 * username): refused like a wrong password without asking the upstream. Anything above 0 means
 * someone knows or guesses the identity's username (an alert of the operator's kit).
 */
export function identityPortalSignIns(metrics: Pick<Metrics, 'registry'>): Counter<'identity'> {
  const known = metrics.registry.getSingleMetric(PORTAL_SIGN_INS);
  if (known instanceof Counter) return known as Counter<'identity'>;
  return new Counter({
    name: PORTAL_SIGN_INS,
    help: "Portal sign-ins naming a bridge identity's username, refused without asking the upstream",
    labelNames: ['identity'],
    registers: [metrics.registry],
  });
}
