import { mayUseLiveAlarmView } from '../rights/menuRights';
import { randomInt } from 'node:crypto';
import { visibleAgencies, type LoginProfile } from '../../shared/upstream/loginProfile';
import {
  formatPairingCode,
  normalizePairingCode,
  WALL_MESSAGES,
  type PairingState,
  type PairWallRequest,
  type WallShows,
  type WallSummary,
} from '../../shared/walls/wallApi';
import { companyId } from '../rights/companySwitch';
import { isOwnerProfile } from '../rights/menuRights';
import { feedAgencyOf } from '../rights/feedAgency';
import type { Logger } from '../observability/logger';
import type { BridgeSession } from '../session/sessionStore';
import type { AttemptLimiter } from './attemptLimiter';
import { newPairingCode, PAIRING_CODE_TTL_MS, type RandomInt } from './pairingCode';
import { issueSecret, parseToken, secretMatches } from './wallCredential';
import type { WallDevice, WallStore } from './wallStore';

export interface WallsDeps {
  store: WallStore;
  limits: {
    /** Pairing attempts of one user, and from one address (right or wrong). */
    pairPerUser: AttemptLimiter;
    pairPerAddress: AttemptLimiter;
    /** Codes asked for from one address. */
    codesPerAddress: AttemptLimiter;
  };
  ownerRelationId: string;
  /** Tells a wall's screens it was removed and closes them, on every bridge process. */
  closeWall(id: string): Promise<void>;
  logger: Logger;
  now?: () => number;
  random?: RandomInt;
}

/** A refusal the routes answer with; `code` is one of the gateway's error codes. */
export interface WallRefusal {
  code:
    'bad_request' | 'not_found' | 'forbidden_menu' | 'forbidden_agency' | 'forbidden_owner' | 'rate_limited';
  message: string;
}
type Result<T> = { ok: true; value: T } | { ok: false; refusal: WallRefusal };
const refuse = (code: WallRefusal['code'], message: string): { ok: false; refusal: WallRefusal } => ({
  ok: false,
  refusal: { code, message },
});

const showsOf = (d: WallDevice): WallShows => ({
  name: d.name,
  agencyId: d.agencyId,
  agencyName: d.agencyName,
  views: d.views,
});

const summaryOf = (d: WallDevice): WallSummary => ({
  ...showsOf(d),
  id: d.id,
  pairedBy: d.pairedBy.name,
  createdAt: d.createdAt,
  lastSeenAt: d.lastSeenAt,
  lastAddress: d.lastAddress,
});

function agencyNameOf(profile: LoginProfile, agencyId: string): string {
  const company = profile.serviceCompanyList.find(
    (c) => companyId(c) === agencyId || [c.install_servco_no, c.corpacct_servco_no].includes(agencyId),
  );
  return company?.servco_name ?? `Agency ${agencyId}`;
}

/**
 * Wall displays (issue 22, part 3): a waiting wall's pairing code, the pairing by a signed-in
 * user, the wall's own device credential, the list and removal in Settings, and the pairing
 * user's rights followed afterwards. Routes: wallRoutes.ts; the socket side: wallSocket.ts.
 */
export function createWalls(d: WallsDeps) {
  const now = d.now ?? Date.now;
  const random = d.random ?? randomInt;

  /** The wall a credential token stands for, when its secret matches. */
  async function deviceOf(token: unknown): Promise<WallDevice | null> {
    const t = parseToken(token);
    if (!t) return null;
    const device = await d.store.device(t.id);
    return device && secretMatches(t.secret, device.secretHash) ? device : null;
  }

  async function revoke(device: WallDevice, why: string): Promise<void> {
    await d.store.remove(device.id);
    d.logger.info({ wall: device.id, agency: device.agencyId, why }, 'wall display removed');
    await d
      .closeWall(device.id)
      .catch((e: unknown) => d.logger.warn({ err: String(e) }, 'closing a wall display failed'));
  }

  return {
    /**
     * A waiting wall asks for a code. One it still holds (`pendingToken`) is answered again, so a
     * reload shows the same code; otherwise a new one (`token` set) for 10 minutes.
     */
    async requestCode(
      address: string,
      pendingToken: unknown,
    ): Promise<Result<{ token: string | null; state: PairingState & { state: 'waiting' } }>> {
      const held = parseToken(pendingToken);
      if (held) {
        const p = await d.store.pending(held.id);
        if (p && !p.deviceId && secretMatches(held.secret, p.secretHash))
          return {
            ok: true,
            value: {
              token: null,
              state: { state: 'waiting', code: formatPairingCode(p.code), expiresAt: p.expiresAt },
            },
          };
      }
      if (!(await d.limits.codesPerAddress.take(address)))
        return refuse('rate_limited', WALL_MESSAGES.tooManyCodes);
      const issued = issueSecret();
      const createdAt = now();
      for (let tries = 0; tries < 5; tries++) {
        const code = newPairingCode(random);
        const pending = {
          id: issued.id,
          secretHash: issued.secretHash,
          code,
          createdAt,
          expiresAt: createdAt + PAIRING_CODE_TTL_MS,
        };
        if (await d.store.addPending(pending))
          return {
            ok: true,
            value: {
              token: issued.token,
              state: { state: 'waiting', code: formatPairingCode(code), expiresAt: pending.expiresAt },
            },
          };
      }
      throw new Error('no free pairing code');
    },

    /**
     * The waiting wall polls: still waiting, or paired (once: its device credential is issued
     * now, `deviceToken`, and the waiting claim ends), or nothing waiting any more.
     */
    async pairingState(pendingToken: unknown): Promise<{ state: PairingState; deviceToken?: string }> {
      const held = parseToken(pendingToken);
      const p = held ? await d.store.pending(held.id) : null;
      if (!held || !p || !secretMatches(held.secret, p.secretHash)) return { state: { state: 'none' } };
      if (!p.deviceId)
        return { state: { state: 'waiting', code: formatPairingCode(p.code), expiresAt: p.expiresAt } };
      const taken = await d.store.takePending(p.id);
      const device = taken?.deviceId ? await d.store.device(taken.deviceId) : null;
      if (!device) return { state: { state: 'none' } };
      // NOTE: the secret is made when the wall collects it, so no secret exists before, and none
      // is ever stored but as its hash.
      const issued = issueSecret(device.id);
      await d.store.save({ ...device, secretHash: issued.secretHash });
      return { state: { state: 'paired', wall: showsOf(device) }, deviceToken: issued.token };
    },

    /** A user pairs a waiting wall's code with an agency they may see and the views it shows. */
    async pair(session: BridgeSession, body: PairWallRequest, address: string): Promise<Result<WallSummary>> {
      const { profile } = session;
      const userOk = await d.limits.pairPerUser.take(profile.contactNumber);
      const addressOk = await d.limits.pairPerAddress.take(address);
      if (!userOk || !addressOk) return refuse('rate_limited', WALL_MESSAGES.tooManyAttempts);
      if (!mayUseLiveAlarmView(profile, d.ownerRelationId))
        return refuse('forbidden_menu', WALL_MESSAGES.needsLiveView);
      if (!visibleAgencies(profile).has(body.agencyId))
        return refuse('forbidden_agency', WALL_MESSAGES.agencyNotYours);
      const code = normalizePairingCode(body.code);
      if (!code) return refuse('bad_request', WALL_MESSAGES.codeBadShape);
      const pending = await d.store.claimCode(code);
      if (!pending || pending.deviceId) return refuse('not_found', WALL_MESSAGES.codeUnknown);
      const t = now();
      // Not usable until the wall collects its credential (pairingState).
      const placeholder = issueSecret();
      const device: WallDevice = {
        id: placeholder.id,
        secretHash: placeholder.secretHash,
        dealerId: profile.agencyId,
        agencyId: body.agencyId,
        feedAgencyId: feedAgencyOf(profile, body.agencyId),
        agencyName: agencyNameOf(profile, body.agencyId),
        views: [...new Set(body.views)],
        name: body.name || `Wall display ${formatPairingCode(code)}`,
        pairedBy: {
          contactNumber: profile.contactNumber,
          username: session.username,
          name: [profile.firstName, profile.lastName].filter(Boolean).join(' ') || session.username,
        },
        createdAt: t,
        lastSeenAt: null,
        lastAddress: null,
      };
      try {
        await d.store.save(device);
        await d.store.markPaired(pending.id, device.id);
      } catch (err) {
        // NOTE: the code goes back to its wall, so that "try again" after a store blip pairs it
        // instead of calling it unknown (best effort: the store may still be away).
        await Promise.allSettled([d.store.remove(device.id), d.store.releaseCode(pending)]);
        throw err;
      }
      d.logger.info(
        { wall: device.id, agency: device.agencyId, by: session.username },
        'wall display paired',
      );
      return { ok: true, value: summaryOf(device) };
    },

    /** The walls a user sees in Settings: those they paired; the owner every wall of the dealer. */
    async list(session: BridgeSession): Promise<Result<WallSummary[]>> {
      const { profile } = session;
      if (!mayUseLiveAlarmView(profile, d.ownerRelationId))
        return refuse('forbidden_menu', WALL_MESSAGES.needsLiveView);
      const own = await d.store.byPairer(profile.contactNumber);
      const dealer = isOwnerProfile(profile, d.ownerRelationId)
        ? await d.store.byAgencies(visibleAgencies(profile))
        : [];
      const byId = new Map([...own, ...dealer].map((w) => [w.id, w]));
      return {
        ok: true,
        value: [...byId.values()].sort((a, b) => a.createdAt - b.createdAt).map(summaryOf),
      };
    },

    /** "Remove": revokes the credential; the wall's socket closes and it shows a new code. */
    async remove(session: BridgeSession, id: string): Promise<Result<null>> {
      const { profile } = session;
      if (!mayUseLiveAlarmView(profile, d.ownerRelationId))
        return refuse('forbidden_menu', WALL_MESSAGES.needsLiveView);
      const device = await d.store.device(id);
      if (!device) return refuse('not_found', WALL_MESSAGES.wallGone);
      const mine = device.pairedBy.contactNumber === profile.contactNumber;
      const dealersOwner =
        isOwnerProfile(profile, d.ownerRelationId) && visibleAgencies(profile).has(device.agencyId);
      if (!mine && !dealersOwner) return refuse('forbidden_owner', WALL_MESSAGES.notYourWall);
      await revoke(device, `removed by ${session.username}`);
      return { ok: true, value: null };
    },

    /** The paired wall a credential stands for (the wall's page, the live handshake); records the visit. */
    async admit(token: unknown, address: string): Promise<WallDevice | null> {
      const device = await deviceOf(token);
      if (device) await d.store.touch(device.id, now(), address);
      return device;
    },

    /** What a paired wall shows. */
    shows: showsOf,

    /** Whether a wall's credential still holds (the live side rechecks its open walls). */
    async stillPaired(id: string): Promise<boolean> {
      return (await d.store.device(id)) != null;
    },

    /**
     * The bridge learnt a login record of a user (sign-in, or a session rewritten): their walls
     * stop when they lost the Live Alarm View, or, with a full login record (`agencies`), the
     * wall's agency. NOTE: a company switch rewrites the session with a profile derived from the
     * same record, so only a sign-in answers which agencies the user still has.
     */
    async recheckPairer(
      profile: Pick<
        LoginProfile,
        | 'contactNumber'
        | 'sitePreferences'
        | 'RelationId'
        | 'agencyId'
        | 'agencyIdForCorpAccount'
        | 'serviceCompanyList'
      >,
      scope: { agencies: boolean },
    ): Promise<WallDevice[]> {
      const walls = await d.store.byPairer(profile.contactNumber);
      const revoked: WallDevice[] = [];
      if (walls.length === 0) return revoked;
      const menuOk = mayUseLiveAlarmView(profile, d.ownerRelationId);
      const visible = visibleAgencies(profile);
      for (const w of walls)
        if (!menuOk) {
          await revoke(w, 'the pairing user lost the Live Alarm View');
          revoked.push(w);
        } else if (scope.agencies && !visible.has(w.agencyId)) {
          await revoke(w, 'the pairing user lost the agency');
          revoked.push(w);
        }
      return revoked;
    },

    /** Revokes every wall a user paired (the user no longer exists upstream); answers them. */
    async revokePairer(contactNumber: string, why: string): Promise<WallDevice[]> {
      const walls = await d.store.byPairer(contactNumber);
      for (const w of walls) await revoke(w, why);
      return walls;
    },

    /** The walls a user paired, as Settings lists them ("Sign out everywhere" keeps them). */
    async pairedBy(contactNumber: string): Promise<WallSummary[]> {
      return (await d.store.byPairer(contactNumber)).map(summaryOf);
    },

    /** Every wall showing one of these agencies (the rights sweep reads their pairing users). */
    showing: (agencyIds: Iterable<string>): Promise<WallDevice[]> => d.store.byAgencies(agencyIds),
  };
}
export type Walls = ReturnType<typeof createWalls>;
