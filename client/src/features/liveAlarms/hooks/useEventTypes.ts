import { EVENT_TYPES } from '../../../../../shared/eventTypes';
import { useApiQuery } from '../../../lib/query/useApiQuery';
import { fetchEventTypes, type EventType } from '../liveAlarmsApi';

const FALLBACK: EventType[] = EVENT_TYPES.map((t) => ({ eventrpt_id: t.eventrpt_id, descr: t.descr }));

/** The event types of the multi-select, from the event-type call (the spec's list until it answers). */
export function useEventTypes(): readonly EventType[] {
  const types = useApiQuery(['eventTypes'], fetchEventTypes);
  return types.status === 'ready' ? types.data : FALLBACK;
}
