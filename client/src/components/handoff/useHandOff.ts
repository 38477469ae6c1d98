import { useCallback } from 'react';
import {
  browserHandOffDeps,
  dataManagementToolOf,
  handOff,
  handOffTooltip,
  type HandOffTarget,
} from '../../lib/handoff/handOff';
import { useSessionView } from '../../lib/session/sessionView';
import { showAlert } from '../alert/alertStore';
import { showToast } from '../toast/toastStore';

/**
 * The hand-off for a CS# link, a recently accessed entry, a search pick or the Data Management
 * item: the tooltip for the user's tool and the action. A failure shows the first error
 * (docs/product/shell-session-search.md#messages,
 * docs/product/live-alarms-and-testing.md#messages): as a toast in search and the menu, as an alert
 * from a grid's CS# cell.
 */
export function useHandOff({ failure = 'toast' }: { failure?: 'toast' | 'alert' } = {}) {
  const { profile } = useSessionView();
  const tool = dataManagementToolOf(profile);
  const start = useCallback(
    (target: HandOffTarget) => {
      const showError = failure === 'alert' ? showAlert : (m: string) => showToast(m, 'error');
      void handOff(target, tool, { ...browserHandOffDeps, showError });
    },
    [tool, failure],
  );
  return { tool, tooltip: handOffTooltip(tool), start };
}
