import { useCallback } from 'react';
import {
  browserHandOffDeps,
  dataManagementToolOf,
  handOff,
  handOffTooltip,
  type HandOffTarget,
} from '../../lib/handoff/handOff';
import { useSessionView } from '../../lib/session/sessionView';
import { showToast } from '../toast/toastStore';

/**
 * The hand-off for a CS# link, a recently accessed entry, a search pick or the Data Management
 * item: the tooltip for the user's tool and the action. A failure shows the first error as a
 * toast (doc 1 §8).
 */
export function useHandOff() {
  const { profile } = useSessionView();
  const tool = dataManagementToolOf(profile);
  const start = useCallback(
    (target: HandOffTarget) => {
      void handOff(target, tool, { ...browserHandOffDeps, showError: (m) => showToast(m, 'error') });
    },
    [tool],
  );
  return { tool, tooltip: handOffTooltip(tool), start };
}
