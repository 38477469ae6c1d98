import { createContext, useContext } from 'react';
import type { PublicProfile, ServiceCompany } from '../../../../shared/upstream/loginProfile';

/**
 * What screens know of the session, whatever runs it. The app adapts the session and
 * service-company machines (machines/session/) into this shape and provides it; features read it
 * with the hooks below and never touch the machines.
 */
export type SessionStatus =
  /** The stored session is being restored at start. */
  | 'checking'
  | 'signedOut'
  | 'signingIn'
  | 'signedIn'
  | 'signingOut'
  /** The expiry notice shows for a moment before the user is sent to sign in. */
  | 'expiring';

export interface SessionView {
  status: SessionStatus;
  profile: PublicProfile | null;
  isOwner: boolean;
  /**
   * The sign-in failure to show on the sign-in page, worded per
   * docs/product/shell-session-search.md#messages.
   */
  signInError: string | null;
  /** Where the guard was headed when it sent the user to sign in. */
  returnUrl: string | null;
  /** Bumped after each service-company switch: screens key their data on it and reload. */
  companyEpoch: number;
  /**
   * True while a switch runs, for 1.5 s after, and while requests are pending
   * (docs/product/shell-session-search.md#states).
   */
  companySwitchLocked: boolean;
}

export interface SessionCommands {
  signIn(username: string, password: string): void;
  signOut(): void;
  switchCompany(company: ServiceCompany): void;
  /** Replaces the profile after a preference the server accepted (theme, site preferences). */
  updateProfile(profile: PublicProfile): void;
  /** The guard remembers the url it could not open. */
  rememberUrl(url: string): void;
  /** The app has followed returnUrl. */
  redirected(): void;
}

export const initialSessionView: SessionView = {
  status: 'checking',
  profile: null,
  isOwner: false,
  signInError: null,
  returnUrl: null,
  companyEpoch: 0,
  companySwitchLocked: false,
};

const noop = () => undefined;
export const noSessionCommands: SessionCommands = {
  signIn: noop,
  signOut: noop,
  switchCompany: noop,
  updateProfile: noop,
  rememberUrl: noop,
  redirected: noop,
};

export const SessionViewContext = createContext<SessionView>(initialSessionView);
export const SessionCommandsContext = createContext<SessionCommands>(noSessionCommands);

export const useSessionView = (): SessionView => useContext(SessionViewContext);
export const useSessionCommands = (): SessionCommands => useContext(SessionCommandsContext);
