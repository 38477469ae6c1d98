import { Dialog } from '../../../components/layout/Dialog';

/** A report row's 'More details' dialog: its fields as a list of label and value. */
export function DetailsDialog({
  title,
  fields,
  onClose,
}: {
  title: string;
  fields: ReadonlyArray<readonly [string, string]>;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <dl className="details-list">
        {fields.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
