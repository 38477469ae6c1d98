import type { HandOffTarget } from '../../lib/handoff/handOff';
import { useHandOff } from './useHandOff';

/** A CS# that hands off to the user's external tool (doc 1 §4). */
export function CsNoLink({ target, onDone }: { target: HandOffTarget; onDone?: () => void }) {
  const { tooltip, start } = useHandOff();
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
