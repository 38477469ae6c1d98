import { PageFrame } from '../../components/layout/PageFrame';

/** The marketing certificate shows only this text (doc 1 §2.1, doc 3). */
export function MarketingCertificatePage() {
  return (
    <PageFrame title="Marketing Certificate">
      <div className="card">
        <p>Page under constructions</p>
      </div>
    </PageFrame>
  );
}
