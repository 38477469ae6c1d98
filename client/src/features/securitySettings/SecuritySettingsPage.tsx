import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  editorTiles,
  menuSaveProblem,
  moveTile,
  savedNavIds,
  toggleTile,
  type MenuTile,
} from '../../../../shared/menu/menuEditor';
import { parseNavIds } from '../../../../shared/menu/menuCatalog';
import { PageFrame } from '../../components/layout/PageFrame';
import { showToast } from '../../components/toast/toastStore';
import { failureMessage } from '../../lib/api/apiError';
import { useApiMutation } from '../../lib/query/useApiMutation';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useInvalidate } from '../../lib/query/useInvalidate';
import { MenuTileList } from './MenuTileList';
import { CHILD_LIST_PATH, loadSubAccounts, saveSubAccountMenu, type SubAccount } from './securitySettingsApi';
import './securitySettings.css';

export const NO_SUB_ACCOUNTS = 'No sub-accounts available to update security settings';

/**
 * Security Settings (/securitySettings, owner only; docs/product/reports-and-settings.md#screens,
 * #states, #validation): the owner picks a sub-account, switches and orders its Quick Data Tabs,
 * and saves them. The rules are shared/menu/menuEditor.ts; the bridge and the simulator check the
 * same list.
 */
export function SecuritySettingsPage() {
  const children = useApiQuery(['POST', CHILD_LIST_PATH], loadSubAccounts);
  const invalidate = useInvalidate();
  const [selectedNo, setSelectedNo] = useState<string | null>(null);
  const [tiles, setTiles] = useState<MenuTile[]>([]);

  const list = children.status === 'ready' ? children.data : [];
  const selected = list.find((c) => c.contact_no === selectedNo) ?? null;

  useEffect(() => {
    if (children.status === 'error') showToast(children.message, 'warning');
  }, [children.status, children.message]);

  const choose = (child: SubAccount) => {
    setSelectedNo(child.contact_no);
    setTiles(editorTiles(child.SelectedNavIds == null ? null : parseNavIds(child.SelectedNavIds)));
  };

  const save = useApiMutation((vars: { child: SubAccount; ids: string[] }) =>
    saveSubAccountMenu(vars.child, vars.ids),
  );

  const onSave = async () => {
    if (!selected) return;
    const problem = menuSaveProblem(tiles);
    if (problem) {
      showToast(problem, 'warning');
      return;
    }
    try {
      const text = await save.run({ child: selected, ids: savedNavIds(tiles) });
      showToast(text, 'success');
      // The sub-account list is reloaded after a successful save
      // (docs/product/reports-and-settings.md#states).
      await invalidate(['POST', CHILD_LIST_PATH]);
    } catch (e) {
      showToast(failureMessage(e), 'error');
    }
  };

  return (
    <PageFrame
      title="Security Settings"
      actions={
        <Link className="button button--secondary" to="/securitySettings/activity">
          Activity Log
        </Link>
      }
    >
      <div className="security">
        <aside className="card security__users" aria-labelledby="security-users">
          <h2 id="security-users" className="security__heading">
            Users
          </h2>
          {children.status === 'loading' ? <p aria-busy="true">Loading...</p> : null}
          {children.status === 'empty' || children.status === 'error' ? (
            <p className="muted">{NO_SUB_ACCOUNTS}</p>
          ) : null}
          <ul className="security__user-list">
            {list.map((c) => (
              <li key={c.contact_no}>
                <button
                  type="button"
                  className="security__user"
                  aria-pressed={c.contact_no === selectedNo}
                  onClick={() => choose(c)}
                >
                  {c.ContactName || `Contact ${c.contact_no}`}
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <section className="card security__menu" aria-label="Quick Data Tabs">
          {selected ? (
            <>
              <div className="security__menu-header">
                <h2 className="security__heading">{selected.ContactName}: Quick Data Tabs</h2>
                <button
                  type="button"
                  className="button"
                  disabled={save.status === 'saving'}
                  onClick={() => void onSave()}
                >
                  Save Menu Settings
                </button>
              </div>
              <MenuTileList
                tiles={tiles}
                onToggle={(id, on) => setTiles((t) => toggleTile(t, id, on))}
                onMove={(id, to) => setTiles((t) => moveTile(t, id, to))}
              />
            </>
          ) : (
            <p className="muted">
              {list.length > 0 ? 'Choose a user to edit the Quick Data Tabs it may see.' : NO_SUB_ACCOUNTS}
            </p>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
