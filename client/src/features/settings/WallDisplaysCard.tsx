import { useState } from 'react';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import {
  WALL_MESSAGES,
  WALL_VIEW_LABELS,
  WALL_VIEWS,
  type WallSummary,
  type WallView,
} from '../../../../shared/walls/wallApi';
import { showToast } from '../../components/toast/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useInvalidate } from '../../lib/query/useInvalidate';
import { SETTINGS_TOAST_MS } from './TwoFactorCard';
import { RemovableList } from './settingsParts';
import { loadWalls, pairWall, removeWall, wallAgencyOptions, WALLS_PATH } from './wallDisplaysApi';

const KEY = ['GET', WALLS_PATH] as const;

const when = (ms: number | null) => (ms == null ? 'Never' : new Date(ms).toLocaleString());

/**
 * The Wall displays card (issue 22): a user who may see the Live Alarm View pairs the code a
 * waiting wall shows with an agency and the views it shows, and lists the walls they added
 * (the owner: every wall of the dealer), each with "Remove".
 */
export function WallDisplaysCard({ profile }: { profile: PublicProfile }) {
  const agencies = wallAgencyOptions(profile);
  const [code, setCode] = useState('');
  const [agencyId, setAgencyId] = useState(agencies[0]?.id ?? '');
  const [views, setViews] = useState<WallView[]>([...WALL_VIEWS]);
  const [name, setName] = useState('');
  const walls = useApiQuery(KEY, loadWalls, { isEmpty: () => false });
  const invalidate = useInvalidate();
  const add = useApiMutation(pairWall);
  const remove = useApiMutation(removeWall);

  const toggle = (v: WallView, on: boolean) =>
    setViews((list) => WALL_VIEWS.filter((w) => (w === v ? on : list.includes(w))));

  const onAdd = async () => {
    try {
      await add.run({ code, agencyId, views, name: name.trim() || undefined });
      setCode('');
      setName('');
      showToast(WALL_MESSAGES.paired, 'success', SETTINGS_TOAST_MS);
      await invalidate(KEY);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
  };
  const onRemove = async (wall: WallSummary) => {
    try {
      await remove.run(wall.id);
      showToast(WALL_MESSAGES.removed, 'success', SETTINGS_TOAST_MS);
    } catch (e) {
      showToast(failureMessage(e), 'error', SETTINGS_TOAST_MS);
    }
    await invalidate(KEY);
  };

  return (
    <section className="card settings-card" aria-labelledby="wall-displays-title">
      <h2 id="wall-displays-title">Wall displays</h2>
      <p>Open /wall on the display: it shows a pairing code. Enter it here to show live alarms there.</p>
      <form
        className="wall-pair-form"
        onSubmit={(e) => {
          e.preventDefault();
          void onAdd();
        }}
      >
        <label>
          Pairing code
          <input
            className="input"
            value={code}
            autoComplete="off"
            spellCheck={false}
            placeholder="XXX-XXX"
            maxLength={12}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
          />
        </label>
        <label>
          Agency
          <select className="input" value={agencyId} onChange={(e) => setAgencyId(e.target.value)}>
            {agencies.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="wall-pair-form__views">
          <legend>Views</legend>
          {WALL_VIEWS.map((v) => (
            <label key={v}>
              <input
                type="checkbox"
                checked={views.includes(v)}
                onChange={(e) => toggle(v, e.target.checked)}
              />{' '}
              {WALL_VIEW_LABELS[v]}
            </label>
          ))}
        </fieldset>
        <label>
          Name (optional)
          <input
            className="input"
            value={name}
            maxLength={60}
            placeholder="Front office"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <div className="settings-card__actions">
          <button
            type="submit"
            className="button"
            disabled={add.status === 'saving' || code.trim() === '' || views.length === 0}
          >
            Add wall display
          </button>
        </div>
      </form>
      <RemovableList
        label="Wall displays"
        load={walls}
        emptyText={WALL_MESSAGES.noWalls}
        headers={['Name', 'Agency', 'Last seen', 'Address']}
        cells={(w) => [w.name, w.agencyName, when(w.lastSeenAt), w.lastAddress ?? '—']}
        nameOf={(w) => w.name}
        onRemove={(w) => void onRemove(w)}
        removing={remove.status === 'saving'}
      />
    </section>
  );
}
