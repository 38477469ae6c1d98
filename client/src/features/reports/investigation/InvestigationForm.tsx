import { useMemo } from 'react';
import { encode } from 'uqr';
import { runtimeConfig } from '../../../lib/config/runtimeConfig';
import { useStore } from '../../../lib/store/useStore';

/**
 * The QR image and the link of the external form where a new investigation request is filed
 * (docs/product/reports-and-settings.md#screens), from the runtime configuration
 * (`investigationFormUrl`). The QR is drawn here as SVG, so no image is fetched.
 */
export function InvestigationForm() {
  const url = useStore(runtimeConfig, (c) => c.investigationFormUrl);
  const qr = useMemo(() => (url ? encode(url, { border: 2, ecc: 'M' }) : null), [url]);
  if (!url || !qr)
    return (
      <aside className="card investigation-form" aria-label="New investigation request">
        <p className="muted">
          New investigation requests are filed on the monitoring center's form. Its address is not set for
          this portal (investigationFormUrl in config.json).
        </p>
      </aside>
    );
  const path = qr.data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
  return (
    <aside className="card investigation-form" aria-label="New investigation request">
      <svg
        className="investigation-form__qr"
        role="img"
        aria-label="QR code of the investigation request form"
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        shapeRendering="crispEdges"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <div>
        <p>Scan the code or open the form to submit a new investigation request.</p>
        <a href={url} target="_blank" rel="noopener noreferrer">
          Submit a new investigation request
        </a>
      </div>
    </aside>
  );
}
