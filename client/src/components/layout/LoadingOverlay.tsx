/** Covers its positioned parent while a call runs (advanced search, lists). */
export function LoadingOverlay({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
