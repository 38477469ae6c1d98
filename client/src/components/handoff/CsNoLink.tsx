import type { HandOffTarget } from '../../lib/handoff/handOff';
import { useHandOff } from './useHandOff';

/**
 * A CS# that hands off to the user's external tool (doc 1 §4). It sits in grids, where a failed
 * transfer shows its first error in an alert (doc 1 §8, doc 2 §8).
 */
export function CsNoLink({
  target,
  onDone,
  failure = 'alert',
}: {
  target: HandOffTarget;
  onDone?: () => void;
  /** `toast` in search results (doc 1 §8: "toast in search, alert in grids"). */
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
