import type { EventTypeCode } from '../../shared/eventTypes';
import type { Incident } from './types';

/**
 * Alarm incidents: the active ones per agency (the Active Alarms feed) and every closed one
 * (alarm details, dispatch and cancellation reports).
 */
export class IncidentStore {
  private readonly all = new Map<number, Incident>();
  private readonly active = new Map<string, Map<number, Incident>>();
  private nextNo: number;

  constructor(private readonly firstNo = 700_001) {
    this.nextNo = firstNo;
  }

  nextIncidentNo(): number {
    return this.nextNo++;
  }

  open(incident: Incident): void {
    this.all.set(incident.alarmincNo, incident);
    let list = this.active.get(incident.agencyId);
    if (!list) this.active.set(incident.agencyId, (list = new Map()));
    list.set(incident.alarmincNo, incident);
  }

  get(alarmincNo: number): Incident | undefined {
    return this.all.get(alarmincNo);
  }

  /** Marks an incident closed and removes it from the active set. */
  close(incident: Incident): void {
    this.active.get(incident.agencyId)?.delete(incident.alarmincNo);
  }

  /** An agency's active alarms, in the order they were raised. */
  activeOf(agencyId: string): Incident[] {
    return [...(this.active.get(agencyId)?.values() ?? [])];
  }

  activeCount(agencyId: string): number {
    return this.active.get(agencyId)?.size ?? 0;
  }

  /** The active alarm of a system for one alarm type: a repeat signal joins it. */
  activeFor(systemNo: number, agencyId: string, eventrptId?: EventTypeCode): Incident | undefined {
    for (const i of this.active.get(agencyId)?.values() ?? []) {
      if (i.systemNo === systemNo && (eventrptId === undefined || i.eventrptId === eventrptId)) return i;
    }
    return undefined;
  }

  /** Every incident ever raised, oldest first. */
  history(): IterableIterator<Incident> {
    return this.all.values();
  }

  clear(): void {
    this.all.clear();
    this.active.clear();
    this.nextNo = this.firstNo;
  }
}
