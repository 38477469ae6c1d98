import type { HandOffTarget } from '../../lib/handoff/handOff';
import { useHandOff } from './useHandOff';

/**
 * A CS# that hands off to the user's external tool (docs/product/shell-session-search.md#states).
 * It sits in grids, where a failed transfer shows its first error in an alert
 * (docs/product/shell-session-search.md#messages,
 * docs/product/live-alarms-and-testing.md#messages).
 */
export function CsNoLink({
  target,
  onDone,
  failure = 'alert',
}: {
  target: HandOffTarget;
  onDone?: () => void;
  /**
   * `toast` in search results (docs/product/shell-session-search.md#messages: "toast in search,
   * alert in grids").
   */
  failure?: 'toast' | 'alert';
}) {
  const { tooltip, start } = useHandOff({ failure });
  return (
    <button
      type="button"
      className="link-button"
      title={tooltip}
      aria-label={`${target.csNo}: ${tooltip}`}
      onClick={() => {
        start(target);
        onDone?.();
      }}
    >
      {target.csNo}
    </button>
  );
}
