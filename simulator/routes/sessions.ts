import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { loginProfileSchema, visibleAgencies } from '../../shared/upstream/loginProfile';
import type { DemoUser } from '../world/demoUsers';
import { buildLoginProfile } from '../world/userProfile';
import type { World } from '../world/world';
import { GATEWAY_PATH, gateway, sessionInvalid, SESSION_EXPIRED } from './envelope';

export interface Session {
  id: string;
  user: DemoUser;
  profile: ReturnType<typeof buildLoginProfile>;
  /** Servco and agency ids this session may ask for (visibleAgencies of its login record). */
  visible: Set<string>;
  /** The world's agencies behind `visible` (a corporate servco_no stands for its agency). */
  agencyIds: Set<string>;
  createdAt: number;
  lastSeen: number;
}

/**
 * Signed-in sessions; one idle longer than the TTL is gone, and with `maxAgeMs` one signed in
 * longer ago than that is gone however busy it is (an upstream that ends sessions at a fixed age).
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private created = 0;

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs: number,
    private readonly maxAgeMs = Infinity,
  ) {}

  private ended(s: Session, now: number): boolean {
    return now - s.lastSeen > this.ttlMs || now - s.createdAt > this.maxAgeMs;
  }

  create(world: World, user: DemoUser): Session {
    if (++this.created % 100 === 0) this.prune();
    const id = randomUUID();
    const profile = buildLoginProfile(world, user, id);
    const visible = visibleAgencies(loginProfileSchema().parse(profile));
    const agencyIds = new Set(
      [...visible].map((v) => world.agencyIdOf(v)).filter((v): v is string => v != null),
    );
    const now = this.clock();
    const session: Session = { id, user, profile, visible, agencyIds, createdAt: now, lastSeen: now };
    this.sessions.set(id, session);
    return session;
  }

  /** The live session with this id; touching it keeps it alive. */
  get(id: string): Session | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    const now = this.clock();
    if (this.ended(s, now)) {
      this.sessions.delete(id);
      return undefined;
    }
    s.lastSeen = now;
    return s;
  }

  /** Forgets sessions idle past the TTL (they would be refused anyway). */
  private prune(): void {
    const now = this.clock();
    for (const [id, s] of this.sessions) if (this.ended(s, now)) this.sessions.delete(id);
  }

  end(id: string): boolean {
    return this.sessions.delete(id);
  }

  /** Ends every session of one contact (a deleted user); answers how many. */
  endContact(contactNo: number): number {
    let n = 0;
    for (const [id, s] of this.sessions)
      if (s.user.contactNumber === contactNo) {
        this.sessions.delete(id);
        n++;
      }
    return n;
  }

  get size(): number {
    return this.sessions.size;
  }
}

const QUERY_KEYS = ['curentsessionid', 'sessionguid', 'sessionid', 'currentsessionid'];
const BODY_KEYS = ['curentsession', 'sessionguid', 'curentsessionid', 'currentsessionid', 'sessionid'];

function valuesByKey(source: unknown, keys: string[]): string[] {
  const record = Array.isArray(source) ? source[0] : source;
  if (typeof record !== 'object' || record === null) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(record)) {
    if (keys.includes(k.toLowerCase()) && typeof v === 'string' && v.trim()) out.push(v.trim());
  }
  return out;
}

/**
 * Where a call may carry its session id: the Authorization header (raw or Bearer), the query
 * (CurentsessionId, SessionGUID, SessionGuid, sessionid, CurrentSessionId) or the body
 * (Curentsession, SessionGUID, sessionGuid, CurentsessionId, CurrentSessionId).
 */
export function sessionIdCandidates(req: Request): string[] {
  const out: string[] = [];
  const auth = req.get('authorization');
  if (auth) out.push(auth.replace(/^Bearer\s+/i, '').trim());
  out.push(...valuesByKey(req.query, QUERY_KEYS));
  out.push(...valuesByKey(req.body, BODY_KEYS));
  return out.filter(Boolean);
}

export function findSession(sessions: SessionStore, req: Request): Session | undefined {
  for (const id of sessionIdCandidates(req)) {
    const s = sessions.get(id);
    if (s) return s;
  }
  return undefined;
}

/** Lets a call through only with a live session (kept in res.locals.simSession). */
export function requireSession(sessions: SessionStore) {
  return (req: Request, res: Response, next: NextFunction) => {
    const session = findSession(sessions, req);
    if (session) {
      res.locals.simSession = session;
      next();
      return;
    }
    if (req.path.toLowerCase() === GATEWAY_PATH) {
      gateway(res, {
        HttpStatusCode: 401,
        ErrorMessage: SESSION_EXPIRED,
        MessageCollection: [SESSION_EXPIRED],
      });
      return;
    }
    sessionInvalid(res);
  };
}

export function sessionOf(res: Response): Session {
  const s: unknown = res.locals.simSession;
  if (!s) throw new Error('route used without requireSession');
  return s as Session;
}
