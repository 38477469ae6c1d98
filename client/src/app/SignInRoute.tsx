import { useEffect, useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { SignInPage } from '../features/session/SignInPage';
import { beganAsServedForm } from '../features/session/staticSignIn';
import { useSessionView } from '../lib/session/sessionView';
import { landingFor } from './session/sessionEffects';
import { SignInTwoFactor } from './session/SignInTwoFactor';
import { preloadShell } from './shellPreload';

/** `/`: the sign-in page, or, with a session, the remembered url or the user's default tab. */
export function SignInRoute() {
  const { status, profile, isOwner, returnUrl } = useSessionView();
  const target = useMemo(
    () => (profile ? landingFor(profile, isOwner, returnUrl) : null),
    [profile, isOwner, returnUrl],
  );
  // The served form's loader brought the app on the user's first key: they are typing already.
  useEffect(() => {
    if (beganAsServedForm()) preloadShell();
  }, []);
  if (status === 'signedIn' && target) return <Navigate to={target.path} state={target.state} replace />;
  return (
    <div onInputCapture={preloadShell} className="signin-route">
      <SignInPage />
      <SignInTwoFactor />
    </div>
  );
}
