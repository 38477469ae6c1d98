import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { WALL_MESSAGES, type WallShows } from '../../../../../shared/walls/wallApi';
import { LiveProvider } from '../../../lib/live/LiveProvider';
import { createWallPairing, type WallPairing } from './wallPairing';
import { wallPairingApi } from './wallPairingApi';

const browserPairing = (): WallPairing =>
  createWallPairing({
    api: wallPairingApi,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (h) => window.clearTimeout(h as number),
  });

/**
 * /wall in a browser without a session: a wall display. Until a user pairs it in Settings it
 * shows a pairing code in large type; then its agency's live wall, over its own read-only
 * connection (the device cookie), until it is removed, when it shows a new code.
 */
export function PairedWall({
  pairing: given,
  children,
}: {
  pairing?: WallPairing;
  children: (wall: WallShows) => ReactNode;
}) {
  const [pairing] = useState(() => given ?? browserPairing());
  useEffect(() => {
    pairing.start();
    return () => pairing.stop();
  }, [pairing]);
  const state = useSyncExternalStore(pairing.subscribe, pairing.getSnapshot);

  if (state.kind === 'paired')
    return (
      // A new connection per pairing: the device cookie it opens with is the new one.
      <LiveProvider key={state.pairing} onSessionExpired={() => pairing.removed()}>
        {children(state.wall)}
      </LiveProvider>
    );
  const code = state.kind === 'checking' ? null : state.code;
  return (
    <div className="wall wall--kiosk wall-pairing" data-testid="wall-pairing">
      <main className="wall-pairing__body">
        <h1>Wall display</h1>
        {code ? (
          <>
            <p className="wall-pairing__lead">{WALL_MESSAGES.waiting}</p>
            <p className="wall-pairing__code" aria-label="Pairing code" data-testid="pairing-code">
              {code}
            </p>
            <p className="wall-pairing__note">{WALL_MESSAGES.codeExpires}</p>
          </>
        ) : (
          <p className="wall-pairing__lead" aria-busy="true">
            Getting a pairing code…
          </p>
        )}
        {state.kind === 'offline' ? (
          <p role="status" className="wall-pairing__note">
            {WALL_MESSAGES.offline}
          </p>
        ) : null}
      </main>
    </div>
  );
}
