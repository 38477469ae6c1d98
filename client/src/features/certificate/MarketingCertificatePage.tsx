import { PageFrame } from '../../components/layout/PageFrame';

/**
 * The marketing certificate shows only this text (docs/product/shell-session-search.md#route-table,
 * docs/product/reports-and-settings.md).
 */
export function MarketingCertificatePage() {
  return (
    <PageFrame title="Marketing Certificate">
      <div className="card">
        <p>Page under constructions</p>
      </div>
    </PageFrame>
  );
}
