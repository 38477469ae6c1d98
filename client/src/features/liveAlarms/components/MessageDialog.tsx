import { Dialog } from '../../../components/layout/Dialog';

/** A message with an OK button: save results, the column-format failure alert. */
export function MessageDialog({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string;
  onClose(): void;
}) {
  return (
    <Dialog title={title} onClose={onClose} closeText="OK">
      <p role="alert">{message}</p>
    </Dialog>
  );
}
