import { Drawer } from '../../components/layout/Drawer';

/**
 * The quick panel exists in the product and shows only its title
 * (docs/product/shell-session-search.md#shortcuts-bar).
 */
export function QuickPanel({ onClose }: { onClose: () => void }) {
  return (
    <Drawer title="Quick Panel" onClose={onClose}>
      <span className="visually-hidden">The quick panel has no content.</span>
    </Drawer>
  );
}
