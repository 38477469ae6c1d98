import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import {
  serviceCompanySwitchMachine,
  type ServiceCompanySwitchMachine,
} from '../../../../machines/session/serviceCompanySwitchMachine';
import { showToast } from '../../components/toast/toastStore';
import { pendingRequests } from '../../lib/api/pendingRequests';
import {
  SessionCommandsContext,
  SessionViewContext,
  useSessionCommands,
  useSessionView,
} from '../../lib/session/sessionView';
import { companySwitchActors } from './companySwitchActors';
import { startAccountsLoad } from './sessionEffects';

/** The switch machine with the bridge's effects, made on the first render, then the same one. */
let appMachine: ServiceCompanySwitchMachine | undefined;
const appSwitchMachine = () =>
  (appMachine ??= serviceCompanySwitchMachine().provide({ actors: companySwitchActors }));

/**
 * The service-company switch while signed in (docs/product/shell-session-search.md#states): the
 * selector's commands go to the switch machine; an applied switch updates the session's profile,
 * reloads the account lookup and bumps the company epoch, so screens reload; the lock covers 1.5 s
 * and every pending request.
 */
export function CompanySwitchHost({ profile, children }: { profile: PublicProfile; children: ReactNode }) {
  const base = useSessionView();
  const baseCommands = useSessionCommands();
  const switcher = useActorRef(appSwitchMachine(), { input: { profile } });
  const locked = useSelector(switcher, (s) => s.hasTag('locked'));
  const [epoch, setEpoch] = useState(0);

  useEffect(() => {
    switcher.send({ type: 'company.sync', profile });
  }, [switcher, profile]);

  useEffect(() => {
    switcher.send({ type: 'requests.changed', pending: pendingRequests.getSnapshot() });
    return pendingRequests.subscribe(() =>
      switcher.send({ type: 'requests.changed', pending: pendingRequests.getSnapshot() }),
    );
  }, [switcher]);

  useEffect(() => {
    const applied = switcher.on('company.applied', (e) => {
      baseCommands.updateProfile(e.profile);
      // NOTE: the account lookup follows the company too, so global search finds the new scope.
      startAccountsLoad(e.profile);
      setEpoch((n) => n + 1);
    });
    let wasFailed = false;
    const failures = switcher.subscribe((s) => {
      const failed = s.matches({ idle: 'failed' });
      if (failed && !wasFailed && s.context.error) showToast(s.context.error, 'error');
      wasFailed = failed;
    });
    return () => {
      applied.unsubscribe();
      failures.unsubscribe();
    };
  }, [switcher, baseCommands]);

  const view = useMemo(
    () => ({ ...base, companyEpoch: epoch, companySwitchLocked: locked }),
    [base, epoch, locked],
  );
  const commands = useMemo(
    () => ({
      ...baseCommands,
      switchCompany: (company: Parameters<typeof baseCommands.switchCompany>[0]) =>
        switcher.send({ type: 'company.select', company }),
    }),
    [baseCommands, switcher],
  );
  return (
    <SessionViewContext.Provider value={view}>
      <SessionCommandsContext.Provider value={commands}>{children}</SessionCommandsContext.Provider>
    </SessionViewContext.Provider>
  );
}
