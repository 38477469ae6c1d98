import type { DealerDevice } from '../../shared/push/dealerDevices';
import type { PushRecord, PushStore } from './pushStore';

/** Every device that hears one of these agencies (the dealer's account owner's), oldest first. */
export async function dealerDevices(store: PushStore, agencies: ReadonlySet<string>): Promise<PushRecord[]> {
  const lists = await Promise.all([...agencies].map((a) => store.byAgency(a)));
  const byId = new Map(lists.flat().map((r) => [r.id, r]));
  return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt);
}

/** A device as the owner sees it: only the owner's agencies among those it hears. */
export function dealerDeviceOf(r: PushRecord, agencies: ReadonlySet<string>): DealerDevice {
  return {
    id: r.id,
    label: r.label,
    createdAt: r.createdAt,
    user: r.userRef,
    preferences: { ...r.preferences, agencies: r.preferences.agencies.filter((a) => agencies.has(a)) },
  };
}

/**
 * The owner removes a device from the dealer: it stops hearing the owner's agencies, and ends when
 * it hears no other (a user of several dealers keeps the others'). False when it hears none of them.
 */
export async function removeFromDealer(
  store: PushStore,
  id: string,
  agencies: ReadonlySet<string>,
): Promise<boolean> {
  const r = await store.get(id);
  if (!r || !r.preferences.agencies.some((a) => agencies.has(a))) return false;
  const left = r.preferences.agencies.filter((a) => !agencies.has(a));
  if (left.length === 0) await store.remove(r.id);
  else await store.put({ ...r, preferences: { ...r.preferences, agencies: left } });
  return true;
}
