import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { useStore } from '../../lib/store/useStore';

/**
 * The copyright line of the monitoring group (2021) with its two links
 * (docs/product/shell-session-search.md#overview).
 */
export function Footer() {
  const { termsOfUseUrl, privacyPolicyUrl } = useStore(runtimeConfig);
  return (
    <footer className="footer">
      <span>Copyright © 2021 The Monitoring Group. All rights reserved.</span>
      <nav className="footer__links" aria-label="Legal">
        <a href={termsOfUseUrl || '/terms-of-use.html'} target="_blank" rel="noopener noreferrer">
          Terms of Use
        </a>
        <a href={privacyPolicyUrl || '/privacy-policy.html'} target="_blank" rel="noopener noreferrer">
          Privacy Policy
        </a>
      </nav>
    </footer>
  );
}
