import type { LoginProfile } from '../../shared/upstream/loginProfile';

/** An upstream session a feed may poll with: one of the sessions watching that agency. */
export interface FeedCredential {
  bridgeSessionId: string;
  upstreamSessionId: string;
  installServcoTypeFor(agencyId: string): string;
}

export function credentialFor(
  bridgeSessionId: string,
  upstreamSessionId: string,
  profile: LoginProfile,
): FeedCredential {
  return {
    bridgeSessionId,
    upstreamSessionId,
    installServcoTypeFor(agencyId) {
      const company = profile.serviceCompanyList.find((c) =>
        [c.servco_no, c.install_servco_no, c.corpacct_servco_no].includes(agencyId),
      );
      if (company) return company.servco_Type.toUpperCase() === 'C' ? 'C' : 'D';
      return agencyId === profile.agencyIdForCorpAccount ? 'C' : profile.install_servco_Type || 'D';
    },
  };
}

/**
 * NOTE: the bridge polls with the upstream session of a screen that watches the agency (the
 * upstream has no service account); when that session expires it moves to the next one.
 */
export function createCredentialPool() {
  const byWatcher = new Map<string, FeedCredential>();
  return {
    add(watcherId: string, c: FeedCredential) {
      byWatcher.set(watcherId, c);
    },
    remove(watcherId: string) {
      byWatcher.delete(watcherId);
    },
    /** Drops every watcher of an expired upstream session; returns the bridge sessions affected. */
    expire(upstreamSessionId: string): string[] {
      const gone = new Set<string>();
      for (const [w, c] of byWatcher)
        if (c.upstreamSessionId === upstreamSessionId) {
          byWatcher.delete(w);
          gone.add(c.bridgeSessionId);
        }
      return [...gone];
    },
    pick(): FeedCredential | null {
      for (const c of byWatcher.values()) return c;
      return null;
    },
    size: () => byWatcher.size,
  };
}
export type CredentialPool = ReturnType<typeof createCredentialPool>;
