import { useEffect } from 'react';
import type { PresenceMessage } from '../../../../shared/live/protocol';
import { useLiveClient } from '../../lib/live/LiveProvider';

/**
 * While a dialog is open on an alarm, the other screens of the agency show who is handling it:
 * the dialog announces itself on the live connection, again after a reconnect (the bridge
 * forgets a screen that disconnects), and says 'none' when it closes.
 */
export function useAnnouncePresence(
  agencyId: string,
  alarmId: string,
  action: Exclude<PresenceMessage['action'], 'none'> | null,
): void {
  const live = useLiveClient();
  useEffect(() => {
    if (!action) return;
    const socket = live.socket;
    // NOTE: volatile: nothing is queued while offline; the connect handler announces again.
    const announce = () => socket.volatile.emit('presence', { agencyId, alarmId, action });
    announce();
    socket.on('connect', announce);
    return () => {
      socket.off('connect', announce);
      socket.volatile.emit('presence', { agencyId, alarmId, action: 'none' });
    };
  }, [live, agencyId, alarmId, action]);
}
