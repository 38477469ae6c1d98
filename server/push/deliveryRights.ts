import type { PushMessage } from '../../shared/push/pushApi';
import { visibleAgencies } from '../../shared/upstream/loginProfile';
import type { Logger } from '../observability/logger';
import type { CurrentRights, CurrentRightsReader, RightsVerdict } from '../rights/currentRights';
import type { PushNotifier } from './pushNotifier';
import { mayUseLiveAlarmView } from '../rights/menuRights';
import { recheckPushRights } from './pushRights';
import type { PushRecord, PushStore } from './pushStore';

export interface DeliveryRightsDeps {
  rights: Pick<CurrentRightsReader, 'read'>;
  store: PushStore;
  ownerRelationId: string;
  logger: Logger;
}

/** The agency a device's user is read under: the first it hears (every one is the user's). */
export const agencyOfDevice = (r: PushRecord): string => r.preferences.agencies[0] ?? '';

/**
 * Brings one user's devices in line with rights read now: a user gone upstream loses every
 * device; otherwise as a sign-in does (pushRights.ts). Answers the devices removed.
 */
export async function applyPushRights(
  store: PushStore,
  userRef: string,
  verdict: Exclude<RightsVerdict, { kind: 'unknown' }>,
  ownerRelationId: string,
): Promise<PushRecord[]> {
  const before = await store.byUser(userRef);
  if (before.length === 0) return [];
  if (verdict.kind === 'gone') {
    for (const r of before) await store.remove(r.id);
    return before;
  }
  await recheckPushRights(store, verdict.rights, { agencies: true }, ownerRelationId);
  const left = new Set((await store.byUser(userRef)).map((r) => r.id));
  return before.filter((r) => !left.has(r.id));
}

function mayHear(rights: CurrentRights, msg: PushMessage, ownerRelationId: string): boolean {
  if (!mayUseLiveAlarmView(rights, ownerRelationId)) return false;
  const agencyId = msg.alarm?.agencyId ?? msg.anomaly?.agencyId;
  return !agencyId || visibleAgencies(rights).has(agencyId);
}

/**
 * The notifier, checking each delivery against its device user's current rights (kept up to a
 * minute, server/rights): a user gone upstream, without the Live Alarm View or without the
 * alarm's (or live anomaly's) agency gets nothing, and their devices are brought in line at once.
 * NOTE: rights that cannot be read let the push go (an alarm missed costs more; the sweep stops
 * lost rights).
 */
export function checkedDelivery(
  notifier: Pick<PushNotifier, 'deliver'>,
  d: DeliveryRightsDeps,
): Pick<PushNotifier, 'deliver'> {
  return {
    async deliver(record, msg, opts) {
      const verdict = await d.rights.read(record.userRef, agencyOfDevice(record));
      if (
        verdict.kind === 'unknown' ||
        (verdict.kind === 'ok' && mayHear(verdict.rights, msg, d.ownerRelationId))
      )
        return notifier.deliver(record, msg, opts);
      const removed = await applyPushRights(d.store, record.userRef, verdict, d.ownerRelationId).catch(
        (e: unknown) => {
          d.logger.warn({ err: String(e) }, 'bringing push devices in line with rights failed');
          return [];
        },
      );
      d.logger.info(
        { device: record.id, removed: removed.length, why: verdict.kind },
        'alarm push withheld: its user no longer has the right',
      );
      return 'gone';
    },
  };
}
