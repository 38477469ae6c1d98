import { ComingSoon } from '../../components/layout/PageFrame';

/** Investigation Requests - Customer Acknowledgment: a later release replaces this frame with the screen. */
export function CustomerAcknowledgmentPage() {
  return (
    <ComingSoon
      title="Investigation Requests - Customer Acknowledgment"
      summary="Customer acknowledgments of alarm signals by text message."
    />
  );
}
