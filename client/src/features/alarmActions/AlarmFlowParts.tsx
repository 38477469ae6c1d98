import { Dialog } from '../../components/layout/Dialog';
import { OkButton } from '../../components/layout/DialogSteps';
import './alarmActions.css';

/** What every alarm flow shows while its calls run. */
export function AlarmFlowBusy({ text }: { text: string }) {
  return (
    <p className="aa-busy" role="status">
      <span className="spinner aa-busy__spinner" aria-hidden="true" /> {text}
    </p>
  );
}

/**
 * The result dialog of a dispatch or cancel: the machine's text (success, 'Error: …', the
 * no-reply text or 'already handled') and an OK button.
 */
export function AlarmFlowResult({
  title,
  message,
  tone,
  notice,
  onOk,
}: {
  title: string;
  message: string | null;
  tone: 'done' | 'error' | 'notice';
  /** A second line, e.g. a manual-signal reply other than 'Success.'. */
  notice?: string | null;
  onOk(): void;
}) {
  return (
    <Dialog title={title} onClose={onOk} footer={<OkButton onClick={onOk} />}>
      <p className={`aa-result aa-result--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
        {message}
      </p>
      {notice ? (
        <p className="aa-result aa-result--notice" role="alert">
          {notice}
        </p>
      ) : null}
    </Dialog>
  );
}
