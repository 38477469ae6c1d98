import { ComingSoon } from '../../components/layout/PageFrame';

/** Monitoring Certificate Wizard: a later release replaces this frame with the screen. */
export function CertificateWizardPage() {
  return (
    <ComingSoon
      title="Monitoring Certificate Wizard"
      summary="Step by step to a monitoring certificate for an account."
    />
  );
}
