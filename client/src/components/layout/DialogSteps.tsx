import '../form/formMessage.css';

export interface DialogButton {
  label: string;
  onClick(): void;
}

/** A dialog's footer: the way back (Cancel, No, Back, Close) then the way on (Save, Yes, Retry). */
export function DialogButtons({ back, next }: { back: DialogButton; next: DialogButton }) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={back.onClick}>
        {back.label}
      </button>
      <button type="button" className="button" onClick={next.onClick}>
        {next.label}
      </button>
    </>
  );
}

/** The footer of a flow's last word: OK, which closes it. */
export function OkButton({ onClick }: { onClick(): void }) {
  return (
    <button type="button" className="button" onClick={onClick}>
      OK
    </button>
  );
}

/**
 * The one line a step of a flow dialog shows: a call running, a question, the success text or a
 * failure. NOTE: one element for every tone, so that moving between steps updates the line in
 * place (what a screen reader already announced keeps its node).
 */
export function DialogLine({
  text,
  tone,
}: {
  text: string | null;
  tone: 'busy' | 'plain' | 'success' | 'error';
}) {
  return (
    <p
      className={tone === 'error' ? 'form-error' : tone === 'success' ? 'form-success' : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-busy={tone === 'busy' ? true : undefined}
    >
      {text}
    </p>
  );
}
