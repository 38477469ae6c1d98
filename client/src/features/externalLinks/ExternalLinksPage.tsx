import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useHandOff } from '../../components/handoff/useHandOff';
import { Dialog } from '../../components/layout/Dialog';
import { PageFrame } from '../../components/layout/PageFrame';
import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { DATA_MANAGEMENT_ENTRY } from '../../lib/handoff/handOff';
import { MENU_BY_ID } from '../../lib/menu/menuCatalog';
import { useStore } from '../../lib/store/useStore';
import { selectedNavIds } from '../../lib/session/sitePreferences';
import { useSessionView } from '../../lib/session/sessionView';
import { firstLeafOf, isExternalMenuId } from '../../../../shared/menu/menuCatalog';

/**
 * /externalLinks (docs/product/shell-session-search.md#unauthorized-and-external-link-dialogs,
 * docs/product/reports-and-settings.md): when the user's default tab is an external link (or the
 * Data Management entry), sign-in lands here (the tab rides in the history state) and asks before
 * leaving the portal. Ok opens the stored url in a new tab, or asks for a transfer link for Data
 * Management.
 */
export function ExternalLinksPage() {
  const state: unknown = useLocation().state;
  const menuId =
    state && typeof state === 'object' && 'menuId' in state
      ? String((state as { menuId: unknown }).menuId)
      : null;
  const { profile, isOwner } = useSessionView();
  // Opened directly: the user's default tab, the first of their menu, when it leaves the portal.
  const fallback = firstLeafOf(selectedNavIds(profile) ?? [], isOwner);
  const id = menuId ?? (fallback && isExternalMenuId(fallback.id) ? fallback.id : null);
  const item = id ? MENU_BY_ID.get(id)?.item : undefined;
  const config = useStore(runtimeConfig);
  const { start } = useHandOff();
  const [open, setOpen] = useState(Boolean(item));
  const url = item?.externalUrlKey ? config[item.externalUrlKey] : '';

  const ok = () => {
    setOpen(false);
    if (!item) return;
    if (item.handOff) start(DATA_MANAGEMENT_ENTRY);
    else if (url) window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <PageFrame title="External Link">
      <div className="card">
        {item ? (
          <p>
            Your default tab, {item.title}, opens outside the portal.{' '}
            <button type="button" className="link-button" onClick={() => setOpen(true)}>
              Open it
            </button>
          </p>
        ) : (
          <p>No external link is set as your default tab.</p>
        )}
      </div>
      {open && item ? (
        <Dialog
          title="External Link"
          onClose={() => setOpen(false)}
          footer={
            <button type="button" className="button" onClick={ok}>
              Ok
            </button>
          }
        >
          <p>{item.title} Data Tab is set as default tab. Do you want to redirect?</p>
        </Dialog>
      ) : null}
    </PageFrame>
  );
}
