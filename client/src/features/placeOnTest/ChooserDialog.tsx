import type { ReactNode } from 'react';
import { Dialog } from '../../components/layout/Dialog';

/** The shell of the Systems and Zones choosers: each switch applies at once, Done closes. */
export function ChooserDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose} closeText="Done">
      {children}
    </Dialog>
  );
}
