import { PageFrame } from '../../components/layout/PageFrame';

/**
 * The company statistics dashboard shows hard-coded placeholder values only
 * (docs/product/shell-session-search.md#route-table, docs/product/reports-and-settings.md). They
 * are labelled as sample figures so no one takes them for their data.
 */
export const PLACEHOLDER_STATISTICS = [
  { label: 'Active Accounts', value: '1,250' },
  { label: 'New Accounts This Month', value: '34' },
  { label: 'Cancellations This Month', value: '12' },
  { label: 'Alarms Last 24 Hours', value: '318' },
  { label: 'Dispatches Last 30 Days', value: '47' },
  { label: 'Systems On Test', value: '9' },
] as const;

export function CompanyStatisticsPage() {
  return (
    <PageFrame title="Company Statistics">
      <p className="muted">
        Sample figures: this dashboard shows placeholder values, not your company's data.
      </p>
      <div className="stat-grid">
        {PLACEHOLDER_STATISTICS.map((s) => (
          <div key={s.label} className="card stat">
            <span className="muted">{s.label}</span>
            <span className="stat__value">{s.value}</span>
          </div>
        ))}
      </div>
    </PageFrame>
  );
}
