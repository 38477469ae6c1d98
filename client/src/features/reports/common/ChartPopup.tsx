import { useEffect, useEffectEvent } from 'react';

/**
 * The list behind a chart point ('CS# - site name' entries), at the top centre of the screen.
 * With `autoHideMs` it closes by itself (Actuals: 4 s,
 * docs/product/reports-and-settings.md#constants "marker popup 4 s").
 */
export function ChartPopup({
  title,
  entries,
  onClose,
  autoHideMs,
}: {
  title: string;
  entries: readonly string[];
  onClose(): void;
  autoHideMs?: number;
}) {
  const close = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!autoHideMs) return;
    const t = setTimeout(() => close(), autoHideMs);
    return () => clearTimeout(t);
  }, [autoHideMs, entries]);
  return (
    <div className="report-popup" role="dialog" aria-label={title} data-testid="chart-popup">
      <div className="report-popup__head">
        <strong>{title}</strong>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <ul>
        {entries.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}
