import { useMemo } from 'react';
import { FormError } from '../../components/form/FormMessage';
import { Dialog } from '../../components/layout/Dialog';
import { TestEventGrid } from '../../components/onTest/TestEventGrid';
import { useSiteTestEvents } from '../../lib/onTest/siteTestEvents';

/**
 * View Test History (docs/product/live-alarms-and-testing.md#screens, #states): the system's test
 * events, 10 a page, newest first.
 */
export function TestHistoryDialog({
  siteNo,
  systemNo,
  csNo,
  onClose,
}: {
  siteNo: string;
  systemNo: string;
  csNo: string;
  onClose(): void;
}) {
  const history = useSiteTestEvents(siteNo);
  const rows = useMemo(
    () => (history.data ?? []).filter((e) => e.system_no === systemNo),
    [history.data, systemNo],
  );
  return (
    <Dialog
      title={`Test Event History - ${csNo}`}
      onClose={onClose}
      footer={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {history.status === 'error' ? (
        <FormError error={history.message} />
      ) : (
        <div className="testing-history">
          <TestEventGrid rows={rows} loading={history.status === 'loading'} />
        </div>
      )}
    </Dialog>
  );
}
