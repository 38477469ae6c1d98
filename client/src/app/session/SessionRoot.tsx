import { useEffect, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionMachine } from '../../../../machines/session/sessionMachine';
import { AlertHost } from '../../components/alert/AlertHost';
import { Toaster } from '../../components/toast/Toaster';
import { expiryNotice, onSessionExpired } from '../../lib/api/sessionExpiry';
import { specDocOfPath } from '../../lib/screens/screenAccess';
import {
  SessionCommandsContext,
  SessionViewContext,
  type SessionCommands,
  type SessionStatus,
  type SessionView,
} from '../../lib/session/sessionView';
import { useStore } from '../../lib/store/useStore';
import { ownerFlag, sessionActors } from './sessionActors';

/**
 * The session machine with the bridge's effects, made on the first render (not as the app's code
 * loads, a task of the start that should stay short), then the same one, so the hook creates the
 * actor once.
 */
let appMachine: SessionMachine | undefined;
const appSessionMachine = () => (appMachine ??= sessionMachine().provide({ actors: sessionActors }));

export function statusOf(s: SnapshotFrom<SessionMachine>): SessionStatus {
  if (s.matches('restoring')) return 'checking';
  if (s.matches('signingIn')) return 'signingIn';
  if (s.matches('signedIn')) return 'signedIn';
  if (s.matches('signingOut')) return 'signingOut';
  if (s.matches('expired')) return 'expiring';
  return 'signedOut';
}

/**
 * The root route: runs the session machine, listens for expiry from any call, and gives every
 * screen its view of the session. The service-company switch joins the signed-in shell
 * (RequireSession), so the sign-in page loads none of it.
 */
export function SessionRoot() {
  const navigate = useNavigate();
  const session = useActorRef(appSessionMachine());
  const status = useSelector(session, statusOf);
  const profile = useSelector(session, (s) => s.context.profile);
  const signInError = useSelector(session, (s) => s.context.error);
  const returnUrl = useSelector(session, (s) => s.context.returnUrl);
  const isOwner = useStore(ownerFlag);

  // The expiry notice keeps the page (and its menu) for a moment; the machine has already
  // forgotten the profile, so the last one is shown until the redirect.
  const [lastProfile, setLastProfile] = useState(profile);
  if (profile && profile !== lastProfile) setLastProfile(profile);
  if (status === 'signedOut' && lastProfile) setLastProfile(null);

  // The wording depends on the screen the expiry happened on (a 403 on the live-alarm and report screens).
  useEffect(
    () =>
      onSessionExpired((cause) =>
        session.send({
          type: 'session.expired',
          notice: expiryNotice(specDocOfPath(window.location.pathname), cause),
        }),
      ),
    [session],
  );

  const commands = useMemo<SessionCommands>(
    () => ({
      signIn: (username, password) => session.send({ type: 'session.signIn', username, password }),
      signOut: () => {
        navigate('/', { replace: true });
        session.send({ type: 'session.signOut' });
      },
      switchCompany: () => undefined,
      updateProfile: (next) => session.send({ type: 'session.profileChanged', profile: next }),
      rememberUrl: (url) => session.send({ type: 'session.rememberUrl', url }),
      redirected: () => session.send({ type: 'session.redirected' }),
    }),
    [session, navigate],
  );

  const shownProfile = profile ?? (status === 'expiring' ? lastProfile : null);
  const view = useMemo<SessionView>(
    () => ({
      status,
      profile: shownProfile,
      isOwner,
      signInError,
      returnUrl,
      companyEpoch: 0,
      companySwitchLocked: false,
    }),
    [status, shownProfile, isOwner, signInError, returnUrl],
  );

  return (
    <SessionViewContext.Provider value={view}>
      <SessionCommandsContext.Provider value={commands}>
        <Outlet />
        <Toaster />
        <AlertHost />
      </SessionCommandsContext.Provider>
    </SessionViewContext.Provider>
  );
}
