import { Icon } from '../../components/icons/Icon';
import { useStore } from '../../lib/store/useStore';
import { openDrawer, toggleDrawer } from './drawerStore';

/**
 * The right-edge button strip (docs/product/shell-session-search.md#side-panels): Recently Accessed
 * (star) and Advanced Search (policy).
 */
export function PanelStrip() {
  const drawer = useStore(openDrawer);
  return (
    <div className="panel-strip" role="toolbar" aria-label="Side panels" aria-orientation="vertical">
      <button
        type="button"
        className="icon-button"
        aria-label="Recently Accessed"
        title="Recently Accessed"
        aria-pressed={drawer === 'recentlyAccessed'}
        onClick={() => toggleDrawer('recentlyAccessed')}
      >
        <Icon name="star" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Advanced Search"
        title="Advanced Search"
        aria-pressed={drawer === 'advancedSearch'}
        onClick={() => toggleDrawer('advancedSearch')}
      >
        <Icon name="policy" />
      </button>
    </div>
  );
}
