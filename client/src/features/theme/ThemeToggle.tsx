import { useState } from 'react';
import { Icon } from '../../components/icons/Icon';
import { showToast } from '../../components/toast/toastStore';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';
import { withSitePreferences } from '../../lib/session/sitePreferences';
import { useStore } from '../../lib/store/useStore';
import { applyTheme, isDark, storeDarkFlag } from '../../lib/theme/theme';
import { saveThemePreference } from './themeApi';

export const THEME_SAVE_FAILED = 'Unable to save theme preference.';

/**
 * Dark/light toggle. The new theme shows at once; the server save decides whether it stays: on
 * success the local IsDarkTheme flag is stored, on failure the theme goes back and the spec's
 * message shows (docs/product/shell-session-search.md#states).
 */
export function ThemeToggle() {
  const dark = useStore(isDark);
  const { profile } = useSessionView();
  const { updateProfile } = useSessionCommands();
  const [saving, setSaving] = useState(false);
  const toggle = async () => {
    if (!profile || saving) return;
    const next = !dark;
    applyTheme(next);
    setSaving(true);
    try {
      const saved = await saveThemePreference(profile, next);
      storeDarkFlag(next);
      updateProfile(withSitePreferences(profile, saved));
    } catch {
      applyTheme(!next);
      showToast(THEME_SAVE_FAILED, 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
      aria-pressed={dark}
      title={dark ? 'Light theme' : 'Dark theme'}
      disabled={saving}
      onClick={() => void toggle()}
    >
      <Icon name={dark ? 'light' : 'dark'} />
    </button>
  );
}
