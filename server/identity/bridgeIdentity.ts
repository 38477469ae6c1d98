import type { LoginProfile } from '../../shared/upstream/loginProfile';
import { credentialFor, type FeedIdentity } from '../rights/upstreamCredential';
import type { Timers } from '../support/timers';
import { feedAgencyOf } from '../rights/feedAgency';
import type { Logger } from '../observability/logger';
import type { UpstreamClient } from '../upstream/upstreamClient';
import { identityFor, type BridgeIdentities, type IdentityEntry } from '../config/identityConfig';
import { createIdentitySession, type IdentitySession, type IdentityStatus } from './identitySession';
import type { SignInGate, SignInVerdict } from './signInGate';
import { logOffUpstream, signInUpstream } from './upstreamSignIn';

export interface BridgeIdentityDeps {
  identities: BridgeIdentities;
  upstream: Pick<UpstreamClient, 'passThrough'>;
  gate: SignInGate;
  renewMs: number;
  logger: Logger;
  onSignIn?(identity: string, verdict: SignInVerdict | 'deferred'): void;
  timers?: Timers;
  clock?: () => number;
}

/** The feed agencies of a login record's companies: a corporate account by its install id, as feeds go. */
export function agenciesOfProfile(profile: LoginProfile): string[] {
  const ids = new Set<string>([feedAgencyOf(profile, profile.agencyId)]);
  for (const c of profile.serviceCompanyList) {
    const id = c.servco_no ?? c.install_servco_no;
    if (id) ids.add(feedAgencyOf(profile, id));
  }
  return [...ids];
}

/**
 * The bridge's upstream identities on this process: one session per configured identity, made
 * when a feed first asks for it. It reads feeds only: nothing here is handed to an action, which
 * always runs with the acting user's own session (server/actions, server/gateway).
 */
export function createBridgeIdentity(d: BridgeIdentityDeps) {
  const sessions = new Map<IdentityEntry, IdentitySession>();
  const asFeed = new Map<IdentitySession, FeedIdentity>();

  function sessionOf(who: IdentityEntry): IdentitySession {
    let s = sessions.get(who);
    if (!s) {
      s = createIdentitySession({
        who,
        signIn: (signal) => signInUpstream(d.upstream, who, signal),
        logOff: (id) => logOffUpstream(d.upstream, id),
        gate: d.gate,
        renewMs: d.renewMs,
        logger: d.logger,
        onSignIn: (verdict) => d.onSignIn?.(who.label, verdict),
        timers: d.timers,
        clock: d.clock,
      });
      sessions.set(who, s);
    }
    return s;
  }

  function feedIdentityOf(s: IdentitySession): FeedIdentity {
    let f = asFeed.get(s);
    if (!f) {
      f = {
        async credential() {
          const c = await s.credential();
          return c ? credentialFor(`identity:${s.label}`, c.upstreamSessionId, c.profile) : null;
        },
        invalidate: (id) => s.invalidate(id),
      };
      asFeed.set(s, f);
    }
    return f;
  }

  const fallback = d.identities.fallback;
  return {
    /** Whether the operator gave any identity. */
    configured: fallback != null || d.identities.byAgency.size > 0,
    /** The identity that reads this agency's feeds, or null (its watchers' sessions then do). */
    forAgency(agencyId: string): FeedIdentity | null {
      const who = identityFor(d.identities, agencyId);
      return who ? feedIdentityOf(sessionOf(who)) : null;
    },
    /** Agencies named by an identity of their own. */
    named: (): string[] => [...d.identities.byAgency.keys()],
    /** The agencies the identity for every agency may read, from its own profile (signs in if needed). */
    discover: fallback
      ? async (): Promise<string[] | null> => {
          const c = await sessionOf(fallback).credential();
          return c ? agenciesOfProfile(c.profile) : null;
        }
      : null,
    statuses(): IdentityStatus[] {
      const out = [...sessions.values()].map((s) => s.status());
      // An identity no feed has asked for yet is idle; still listed, so the operator sees it.
      for (const who of [fallback, ...d.identities.byAgency.values()])
        if (who && !sessions.has(who))
          out.push({
            identity: who.label,
            state: 'idle',
            refusals: 0,
            retryAt: null,
            lastFailure: null,
            signedInAt: null,
          });
      return out;
    },
    async close() {
      await Promise.all([...sessions.values()].map((s) => s.close()));
    },
  };
}
export type BridgeIdentity = ReturnType<typeof createBridgeIdentity>;
