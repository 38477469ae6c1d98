import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
} from 'react';

/** What keyboard focus may land on (disabled and hidden controls are skipped by `tabbables`). */
const FOCUSABLE =
  'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The controls of `root` that Tab reaches, in document order. */
export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      !el.closest('[inert]') &&
      // NOTE: radios of one group are a single stop; an unchecked one is reached by the arrows.
      !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && checkedInGroup(el)) &&
      // NOTE: jsdom has no layout (nor checkVisibility): there every control counts as shown.
      (el.checkVisibility?.() ?? true),
  );
}

function checkedInGroup(radio: HTMLInputElement): boolean {
  if (!radio.name) return false;
  const scope = radio.form ?? radio.ownerDocument;
  return [...scope.querySelectorAll<HTMLInputElement>(`input[type=radio]`)].some(
    (r) => r.name === radio.name && r.checked,
  );
}

/**
 * Where focus starts in a dialog: the first control of its body (a field, a choice), else the
 * first button of its footer (the way back: Cancel, No), else the dialog itself (a step that only
 * says "Saving…"; its Close button stays one Tab away).
 */
function initialFocus(dialog: HTMLElement): HTMLElement {
  const body = dialog.querySelector('[data-dialog-body]');
  const footer = dialog.querySelector('[data-dialog-footer]');
  return (body && tabbables(body)[0]) ?? (footer && tabbables(footer)[0]) ?? dialog;
}

/** Open modal dialogs, the topmost last: only it answers Escape and Tab. */
const openDialogs: HTMLElement[] = [];

/**
 * Focus management of every modal dialog, on the native `<dialog>` opened with `showModal()`
 * (the page behind is inert while it is open):
 * - on open, focus moves into it (`initialFocus`) and the control that had focus is remembered;
 * - Tab and Shift+Tab cycle through its controls only;
 * - Escape calls `onClose` (a dialog with a request in flight passes a no-op);
 * - when a step of the dialog removes the control that had focus, focus goes to the new step's first control;
 * - on close, focus returns to the remembered control, or, when it has gone (an alarm that left
 *   the grid), to the nearest thing still on the page that held it.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  onClose: () => void,
): { onKeyDown(e: ReactKeyboardEvent): void } {
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const openerAncestors: HTMLElement[] = [];
    for (let el = opener?.parentElement; el; el = el.parentElement) openerAncestors.push(el);

    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', ''); // jsdom
    openDialogs.push(dialog);
    initialFocus(dialog).focus();

    const isTop = () => openDialogs[openDialogs.length - 1] === dialog;
    // Escape with focus outside the dialog (on the page's body after a step removed a control);
    // inside it, `onKeyDown` below answers first.
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isTop() || e.defaultPrevented) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = tabbables(dialog);
      if (items.length === 0) {
        e.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const at = document.activeElement;
      const inside = at instanceof Node && dialog.contains(at) && at !== dialog;
      if (!inside) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (e.shiftKey && at === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && at === last) {
        e.preventDefault();
        first.focus();
      }
    };
    // The browser's Escape handling, should a key press still reach it: the screen decides.
    const onCancel = (e: Event) => e.preventDefault();
    document.addEventListener('keydown', onKeyDown);
    dialog.addEventListener('cancel', onCancel);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      dialog.removeEventListener('cancel', onCancel);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      returnFocus(opener, openerAncestors);
    };
  }, [ref]);

  // A flow's next step (a new title or new footer buttons: Confirmation's No/Yes, then the
  // comment's Cancel/Save), a step that removed the focused control (Yes, then "Saving…"), or a
  // step after one that had none: focus moves to the new step's first control, as on opening.
  const step = useRef<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = step.current;
    step.current = stepOf(dialog);
    const at = document.activeElement;
    const lost = !(at instanceof Node) || at === dialog || !dialog.contains(at);
    if (lost || (previous !== null && previous !== step.current)) initialFocus(dialog).focus();
  });

  return {
    // NOTE: cancelling the keydown stops the browser's own close request, so the dialog closes
    // only when the screen says so (never while a request is in flight); stopping it keeps a
    // drawer or page behind (an ancestor in React's tree) from closing too.
    onKeyDown: (e) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      e.stopPropagation();
      onCloseRef.current();
    },
  };
}

/** What tells one step of a flow dialog from the next: its title and its footer's buttons. */
function stepOf(dialog: HTMLElement): string {
  const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent;
  const buttons = [...dialog.querySelectorAll('[data-dialog-footer] button')].map((b) => b.textContent);
  return JSON.stringify([title, buttons]);
}

/** Back to the opener, or to the first control of the nearest of its ancestors still shown. */
function returnFocus(opener: HTMLElement | null, ancestors: readonly HTMLElement[]): void {
  if (!opener || opener === document.body) return;
  if (opener.isConnected) {
    opener.focus();
    return;
  }
  for (const el of ancestors) {
    if (!el.isConnected) continue;
    const target = el.matches(FOCUSABLE) ? el : tabbables(el)[0];
    if (target) {
      target.focus();
      return;
    }
  }
}
