import { useEffect, useState } from 'react';
import { EVENT_TYPES } from '../../../../../shared/eventTypes';
import { isAbort } from '../../../lib/api/apiError';
import { fetchEventTypes, type EventType } from '../liveAlarmsApi';

const FALLBACK: EventType[] = EVENT_TYPES.map((t) => ({ eventrpt_id: t.eventrpt_id, descr: t.descr }));

/** The event types of the multi-select, from the event-type call (the spec's list until it answers). */
export function useEventTypes(): readonly EventType[] {
  const [types, setTypes] = useState<readonly EventType[]>(FALLBACK);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchEventTypes(ctrl.signal)
      .then((t) => t.length && setTypes(t))
      .catch((e: unknown) => {
        if (!isAbort(e)) setTypes(FALLBACK);
      });
    return () => ctrl.abort();
  }, []);
  return types;
}
