import { useState } from 'react';
import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { useSessionView } from '../../lib/session/sessionView';
import { useStore } from '../../lib/store/useStore';

export const PRODUCT_MARK = 'Dealer Portal';

/**
 * The company banner image, or the product's text mark when there is none, no banner address is
 * configured, or the image fails to load (docs/product/shell-session-search.md#overview).
 */
export function DealerBanner() {
  const { profile } = useSessionView();
  const base = useStore(runtimeConfig, (c) => c.bannerBaseUrl);
  const name =
    profile?.bannerImage ||
    profile?.accountInfo.find((a) => a.prompt === 'dealer_banner')?.status_descr ||
    '';
  const src = base && name ? `${base.replace(/\/?$/, '/')}${encodeURIComponent(name)}` : '';
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className="banner-mark" aria-label={PRODUCT_MARK}>
        {PRODUCT_MARK}
      </span>
    );
  }
  return <img className="banner-image" src={src} alt="Company banner" onError={() => setFailed(src)} />;
}
