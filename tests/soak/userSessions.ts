import { signIn } from '../support/stack';

export interface DemoLogin {
  username: string;
  password: string;
}

interface UserSession {
  cookie: string;
  /** Bumped by each sign-in, so screens that saw an old cookie fail know a newer one exists. */
  generation: number;
  signedInAt: number;
  renewing: Promise<void> | null;
}

/**
 * One bridge session per demo user, shared by all that user's screens, as browser tabs share a
 * cookie. When the bridge forgets a session (a Redis restart loses it) the first screen to notice
 * signs in again, once, for all of them.
 */
export function createUserSessions(logins: DemoLogin[], bridgeUrls: string[]) {
  const users = new Map<string, UserSession>();
  const profiles = new Map<string, Awaited<ReturnType<typeof signIn>>['profile']>();
  let signIns = 0;
  const renewals: { at: number; username: string; refused: number; bridge: string }[] = [];

  async function signInSomewhere(login: DemoLogin) {
    let lastError: unknown = null;
    const until = Date.now() + 60_000;
    for (let i = 0; Date.now() < until; i++) {
      try {
        signIns++;
        return await signIn(bridgeUrls[i % bridgeUrls.length], login.username, login.password);
      } catch (e) {
        lastError = e;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    throw new Error(`could not sign ${login.username} in: ${(lastError as Error)?.message}`);
  }

  return {
    async signInAll() {
      for (const login of logins) {
        const { cookie, profile } = await signInSomewhere(login);
        users.set(login.username, { cookie, generation: 1, signedInAt: Date.now(), renewing: null });
        profiles.set(login.username, profile);
      }
    },
    profile(username: string) {
      const p = profiles.get(username);
      if (!p) throw new Error(`${username} is not signed in`);
      return p;
    },
    current(username: string): { cookie: string; generation: number; signedInAt: number } {
      const u = users.get(username);
      if (!u) throw new Error(`${username} is not signed in`);
      // A copy: a screen must remember which sign-in it used, not see the next one.
      return { cookie: u.cookie, generation: u.generation, signedInAt: u.signedInAt };
    },
    /** The session `seen` was refused: sign in again unless someone already did. */
    async renew(username: string, seen: number, bridge = ''): Promise<void> {
      const u = users.get(username)!;
      if (u.generation > seen) return;
      if (!u.renewing) renewals.push({ at: Date.now(), username, refused: seen, bridge });
      if (!u.renewing) {
        const login = logins.find((l) => l.username === username)!;
        u.renewing = signInSomewhere(login)
          .then(({ cookie }) => {
            u.cookie = cookie;
            u.generation++;
            u.signedInAt = Date.now();
          })
          .finally(() => (u.renewing = null));
      }
      await u.renewing;
    },
    /** Each sign-in again: when, whose, which generation the bridge refused, and where. */
    get renewals() {
      return renewals;
    },
    get signIns() {
      return signIns;
    },
  };
}
export type UserSessions = ReturnType<typeof createUserSessions>;
