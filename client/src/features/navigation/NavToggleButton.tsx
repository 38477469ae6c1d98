import { Icon } from '../../components/icons/Icon';
import { useStore } from '../../lib/store/useStore';
import { navBar, toggleNavBar } from './navBarStore';

export function NavToggleButton() {
  const state = useStore(navBar, (n) => n.state);
  const expanded = state === 'open' || state === 'mobile-open' || state === 'folded';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Toggle navigation"
      aria-expanded={expanded}
      aria-controls="quick-data-tabs"
      onClick={toggleNavBar}
    >
      <Icon name="menu" />
    </button>
  );
}
