import type { SessionStore } from '../session/sessionStore';
import type { LiveNamespace } from './liveServer';

/** The screens of a bridge session: told and closed when the session ends. */
export function createSessionSockets(nsp: LiveNamespace, sessions: Pick<SessionStore, 'delete'>) {
  async function closeSession(sessionId: string): Promise<void> {
    nsp.to(`session:${sessionId}`).emit('session.expired');
    nsp.in(`session:${sessionId}`).disconnectSockets(true);
  }
  return {
    closeSession,
    /** Sessions the upstream no longer honours (seen by a feed poll): forgotten and closed. */
    async expireSessions(ids: string[]): Promise<void> {
      for (const id of ids) {
        await sessions.delete(id).catch(() => {});
        await closeSession(id);
      }
    },
  };
}
export type SessionSocketsControl = ReturnType<typeof createSessionSockets>;
