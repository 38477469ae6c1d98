import { ComingSoon } from '../../components/layout/PageFrame';

/** Monitoring Certificate: a later release replaces this frame with the screen. */
export function MonitoringCertificatePage() {
  return (
    <ComingSoon
      title="Monitoring Certificate"
      summary="The monitoring certificate of an account, ready to print."
    />
  );
}
