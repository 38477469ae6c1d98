import { useId, useRef, type ReactNode } from 'react';
import { Icon } from '../icons/Icon';
import { useModalDialog } from './useModalDialog';

/**
 * A modal dialog (the native `<dialog>`, opened with `showModal()`), labelled by its title. Focus
 * moves in on open and back on close, Tab and Shift+Tab stay inside, Escape calls `onClose`
 * (`useModalDialog`); the page behind is inert. `closeText` gives it a footer of one button of that
 * text that closes it.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  closeText,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  closeText?: string;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const { onKeyDown } = useModalDialog(ref, onClose);
  return (
    // NOTE: the role is the element's own; it is written out so that `[role=dialog]` still finds it.
    <dialog
      className="dialog-backdrop"
      role="dialog"
      aria-labelledby={titleId}
      ref={ref}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="dialog">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="dialog__body" data-dialog-body="">
          {children}
        </div>
        {footer || closeText ? (
          <footer className="dialog__footer" data-dialog-footer="">
            {footer}
            {closeText ? (
              <button type="button" className="button" onClick={onClose}>
                {closeText}
              </button>
            ) : null}
          </footer>
        ) : null}
      </div>
    </dialog>
  );
}
