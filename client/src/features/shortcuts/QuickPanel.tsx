import { Drawer } from '../../components/layout/Drawer';

/** The quick panel exists in the product and shows only its title (doc 1 §2.5). */
export function QuickPanel({ onClose }: { onClose: () => void }) {
  return (
    <Drawer title="Quick Panel" onClose={onClose}>
      <span className="visually-hidden">The quick panel has no content.</span>
    </Drawer>
  );
}
