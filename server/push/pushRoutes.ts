import express from 'express';
import { subscribeDeviceSchema, type PushDevice } from '../../shared/push/pushApi';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import { sendError } from '../http/apiErrors';
import type { HttpDeps } from '../http/httpDeps';
import { apiRateLimit } from '../http/rateLimits';
import { isOwnerProfile } from '../rights/menuRights';
import { requireSession, sessionOf } from '../http/sessionGuard';
import { dealerDeviceOf, dealerDevices, removeFromDealer } from './dealerDevices';
import type { EndpointCheck } from './pushEndpoint';
import { mayUseLiveAlarmView } from '../rights/menuRights';
import { deviceIdOf, sessionRefOf, type PushRecord, type PushStore } from './pushStore';

/** Devices one user may have subscribed at once. */
export const MAX_DEVICES_PER_USER = 20;

const deviceOf = (r: PushRecord): PushDevice => ({
  id: r.id,
  label: r.label,
  createdAt: r.createdAt,
  preferences: r.preferences,
});

/**
 * `/api/push` (docs/api.md, "Alarm notifications"): the VAPID public key, and the signed-in
 * user's own devices: list, subscribe (or change a device's choices), remove. Mounted after
 * cookie-parser and the same-site check; every route is behind the user's session.
 */
export function pushRoutes(
  ctx: Pick<HttpDeps, 'config' | 'logger' | 'sessions' | 'sockets'>,
  d: {
    store: PushStore;
    publicKey: () => Promise<string>;
    /** The push endpoint rules (pushEndpoint.ts), with the bridge's resolver. */
    checkEndpoint: (endpoint: string) => Promise<EndpointCheck>;
    clock?: () => number;
  },
): express.Router {
  const clock = d.clock ?? Date.now;
  const { OWNER_RELATION_ID } = ctx.config;
  const r = express.Router();
  r.use(requireSession(ctx), apiRateLimit(ctx));

  r.get('/key', async (_req, res) => void res.json({ publicKey: await d.publicKey() }));

  r.get('/devices', async (_req, res) => {
    const devices = await d.store.byUser(sessionOf(res).profile.contactNumber);
    res.json({ devices: devices.sort((a, b) => a.createdAt - b.createdAt).map(deviceOf) });
  });

  r.post('/devices', express.json({ limit: '8kb' }), async (req, res) => {
    const body = subscribeDeviceSchema.safeParse(req.body);
    if (!body.success) return sendError(res, 'bad_request');
    const session = sessionOf(res);
    const { profile } = session;
    if (!mayUseLiveAlarmView(profile, OWNER_RELATION_ID))
      return sendError(res, 'forbidden_menu', {
        message: 'Alarm notifications open the Live Alarm View, which is not on your menu.',
      });
    const visible = visibleAgencies(profile);
    if (!body.data.preferences.agencies.every((a) => visible.has(a)))
      return sendError(res, 'forbidden_agency');
    const { subscription } = body.data;
    const checked = await d.checkEndpoint(subscription.endpoint);
    if (!checked.ok) return sendError(res, 'bad_request', { message: checked.reason });
    const id = deviceIdOf(subscription.endpoint);
    // NOTE: an endpoint stays its first user's until they remove it or sign out on it: another
    // user, of this dealer or another, is refused, never handed it silently.
    const held = await d.store.get(id);
    if (held && held.userRef !== profile.contactNumber) return sendError(res, 'push_device_taken');
    const mine = await d.store.byUser(profile.contactNumber);
    const existing = mine.find((m) => m.id === id);
    if (!existing && mine.length >= MAX_DEVICES_PER_USER)
      return sendError(res, 'bad_request', {
        message: `At most ${MAX_DEVICES_PER_USER} devices may be notified. Remove one first.`,
      });
    const record: PushRecord = {
      id,
      userRef: profile.contactNumber,
      sessionRef: sessionRefOf(session.id),
      label: body.data.label || existing?.label || 'This device',
      createdAt: existing?.createdAt ?? clock(),
      subscription,
      preferences: { ...body.data.preferences, alarmTypes: [...new Set(body.data.preferences.alarmTypes)] },
    };
    // The session that subscribed last is the one whose sign-out ends the device.
    await d.store.put(record);
    res.status(existing ? 200 : 201).json(deviceOf(record));
  });

  // The dealer's account owner: every user's device hearing the owner's agencies; "Remove" ends it there.
  r.get('/dealer-devices', async (_req, res) => {
    const { profile } = sessionOf(res);
    if (!isOwnerProfile(profile, OWNER_RELATION_ID)) return sendError(res, 'forbidden_owner');
    const agencies = visibleAgencies(profile);
    const devices = await dealerDevices(d.store, agencies);
    res.json({ devices: devices.map((r) => dealerDeviceOf(r, agencies)) });
  });
  r.delete('/dealer-devices/:id', async (req, res) => {
    const { profile } = sessionOf(res);
    if (!isOwnerProfile(profile, OWNER_RELATION_ID)) return sendError(res, 'forbidden_owner');
    if (!(await removeFromDealer(d.store, String(req.params.id), visibleAgencies(profile))))
      return sendError(res, 'not_found', { message: 'No such device.' });
    res.status(204).end();
  });

  r.delete('/devices/:id', async (req, res) => {
    const record = await d.store.get(String(req.params.id));
    if (!record || record.userRef !== sessionOf(res).profile.contactNumber)
      return sendError(res, 'not_found', { message: 'No such device.' });
    await d.store.remove(record.id);
    res.status(204).end();
  });

  return r;
}
