import { useState } from 'react';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import { showToast } from '../../components/toast/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { readSitePreferences, withSitePreferences } from '../../lib/session/sitePreferences';
import { local, STORAGE_KEYS } from '../../lib/storage/clientStorage';
import {
  GRAPHS_HIDE,
  GRAPHS_SHOW,
  saveSitePreference,
  TAB_ACTIVE_ONLY,
  TAB_ALL_HISTORY,
} from './settingsApi';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';
import { SaveAction } from './settingsParts';

export const PREFERENCE_SAVED = 'Changes saved successfully';

/**
 * The Site Preferences card (docs/product/reports-and-settings.md#screens): the Live Alarm View's
 * default tab (8001 all history, 8002 active only) and its graph (9001 show, 9002 hide). A save
 * stores them on the server and in the login record, so the Live Alarm View opens on that tab with
 * the graph shown or hidden.
 */
export function SitePreferencesCard({
  profile,
  onSaved,
}: {
  profile: PublicProfile;
  onSaved: (profile: PublicProfile) => void;
}) {
  const prefs = readSitePreferences(profile);
  const [tab, setTab] = useState(
    Number(prefs.DefaultLiveAlarmViewTab) === TAB_ACTIVE_ONLY ? TAB_ACTIVE_ONLY : TAB_ALL_HISTORY,
  );
  const [graphs, setGraphs] = useState(Number(prefs.GraphsView) === GRAPHS_HIDE ? GRAPHS_HIDE : GRAPHS_SHOW);
  const save = useApiMutation((choice: { tab: number; graphs: number }) =>
    saveSitePreference(profile, choice),
  );

  const onSave = async () => {
    try {
      const saved = await save.run({ tab, graphs });
      // The Live Alarm View's own graph switch is kept locally too
      // (docs/product/shell-session-search.md#entities LiveChart).
      local.set(STORAGE_KEYS.liveChart, String(graphs === GRAPHS_SHOW));
      onSaved(withSitePreferences(profile, saved));
      showToast(PREFERENCE_SAVED, 'success', SETTINGS_TOAST_MS);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="site-preferences-title">
      <h2 id="site-preferences-title">Site Preferences</h2>
      <label className="field">
        <span className="field__label">Default Live Alarm View Tab</span>
        <select className="select" value={tab} onChange={(e) => setTab(Number(e.target.value))}>
          <option value={TAB_ALL_HISTORY}>All Event History</option>
          <option value={TAB_ACTIVE_ONLY}>Active Alarms Only</option>
        </select>
      </label>
      <label className="field">
        <span className="field__label">Graphs View</span>
        <select className="select" value={graphs} onChange={(e) => setGraphs(Number(e.target.value))}>
          <option value={GRAPHS_SHOW}>Show</option>
          <option value={GRAPHS_HIDE}>Hide</option>
        </select>
      </label>
      <SaveAction label="Save Preference" saving={save.status === 'saving'} onSave={onSave} />
    </section>
  );
}
