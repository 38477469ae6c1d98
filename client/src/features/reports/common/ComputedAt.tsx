/**
 * When an intraday report was computed, with a Refresh button; "Live" when it follows the
 * agency's feed (useLiveRefresh).
 */
export function ComputedAt({
  at,
  live,
  busy,
  onRefresh,
}: {
  at: Date | null;
  live: boolean;
  busy: boolean;
  onRefresh(): void;
}) {
  return (
    <span className="report-computed" data-testid="report-computed">
      <span role="status">
        {at ? `Computed at ${at.toLocaleTimeString('en-US')}` : 'Computing…'}
        {live ? ' · Live' : ''}
      </span>
      <button type="button" className="button button--secondary" disabled={busy} onClick={onRefresh}>
        Refresh
      </button>
    </span>
  );
}
