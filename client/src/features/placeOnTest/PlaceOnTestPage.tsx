import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SelectField } from '../../components/form/SelectField';
import { PageFrame } from '../../components/layout/PageFrame';
import { TabStrip } from '../../components/layout/TabStrip';
import { ownAgencyId, topSites, useAllAccounts } from '../../lib/accounts/allAccounts';
import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { useSessionView } from '../../lib/session/sessionView';
import { useStore } from '../../lib/store/useStore';
import { placeOnTestFlow } from './placeOnTestActors';
import { siteSystems } from './placeOnTestApi';
import { SiteDrawer } from './SiteDrawer';
import { groupBySite, searchSites, type SiteChoice } from './siteSearch';
import { SiteTestForm } from './SiteTestForm';
import { SiteTestHistory } from './SiteTestHistory';
import './placeOnTest.css';

type Tab = 'form' | 'history';

/**
 * Place On Test (/placeontest, docs/product/live-alarms-and-testing.md#screens): a drawer with the
 * site list and the CS# search, a header bar with the Site and System dropdowns, and two tabs: the
 * form and the site's test Event History. A site may come in as `?site=` (links from other
 * screens).
 */
export function PlaceOnTestPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { profile } = useSessionView();
  const accounts = useAllAccounts((s) => s.accounts);
  const config = useStore(runtimeConfig);
  const [applied, setApplied] = useState('');
  const siteNo = params.get('site');
  // A link may choose the system and start the comment (`?system=&comment=`: a live anomaly's).
  const [systemNo, setSystemNo] = useState<string | null>(() => params.get('system'));
  const linkedComment = systemNo !== null && systemNo === params.get('system') ? params.get('comment') : null;
  const [tab, setTab] = useState<Tab>('form');

  const agencyId = profile ? ownAgencyId(profile) : '';
  const sites: SiteChoice[] = useMemo(
    () => (applied ? searchSites(accounts, applied) : groupBySite(topSites(accounts, agencyId))),
    [accounts, applied, agencyId],
  );
  const chosenSite = useMemo(() => {
    if (!siteNo) return null;
    const listed = sites.find((s) => s.site_no === siteNo);
    if (listed) return listed;
    return groupBySite(accounts.filter((a) => a.site_no === siteNo))[0] ?? null;
  }, [accounts, sites, siteNo]);
  const headerSites = chosenSite && !sites.includes(chosenSite) ? [chosenSite, ...sites] : sites;

  const systems = useApiQuery(
    ['placeOnTest', 'systems', siteNo],
    (signal) => siteSystems(siteNo ?? '', signal),
    { enabled: siteNo !== null },
  );
  const systemList = systems.data ?? [];
  // The form's machine is created once per form; it reads the CS#s as they are when it saves.
  const csNos = useRef(new Map<string, string>());
  useEffect(() => {
    csNos.current = new Map((systems.data ?? []).map((s) => [s.system_no, s.cs_no]));
  }, [systems.data]);
  // eslint-disable-next-line react-hooks/refs -- read when the machine saves, never during render
  const flow = useMemo(() => placeOnTestFlow((systemNo) => csNos.current.get(systemNo)), []);

  const chooseSite = (next: string | null) => {
    setSystemNo(null);
    setTab('form');
    const p = new URLSearchParams(params);
    if (next) p.set('site', next);
    else p.delete('site');
    p.delete('system');
    p.delete('comment');
    setParams(p, { replace: true, state: location.state });
  };
  const leave = useCallback(() => navigate('/systemontest'), [navigate]);
  const clock = useCallback(() => Date.now(), []);
  const limits = profile?.testCategoryDetails;

  return (
    <PageFrame title="Place On Test">
      {/* NOTE: on a phone the site list and the chosen site's form take turns (placeOnTest.css). */}
      <div className={`pot-layout${siteNo ? ' pot-layout--site' : ''}`}>
        <SiteDrawer
          sites={sites}
          loading={accounts.length === 0}
          selected={siteNo}
          searched={applied}
          onSearch={setApplied}
          onChoose={chooseSite}
          onBack={() => navigate('/systemontest')}
        />
        <div className="pot-main">
          <div className="pot-header card">
            <SelectField
              label="Site"
              value={siteNo ?? ''}
              empty="Select a site"
              options={headerSites.map((s) => ({ value: s.site_no, label: s.site_name || s.site_no }))}
              onChange={(v) => chooseSite(v || null)}
            />
            <SelectField
              label="System"
              value={systemNo ?? ''}
              empty="All Systems"
              disabled={!siteNo}
              options={systemList.map((s) => ({ value: s.system_no, label: s.cs_no }))}
              onChange={(v) => setSystemNo(v || null)}
            />
            <button
              type="button"
              className="button button--secondary pot-header__back"
              disabled={!siteNo}
              onClick={() => chooseSite(null)}
            >
              Back
            </button>
          </div>

          <TabStrip<Tab>
            label="Place On Test"
            tabs={[
              { id: 'form', label: 'Place On Test' },
              { id: 'history', label: 'Event History', disabled: !siteNo },
            ]}
            selected={tab}
            onSelect={setTab}
          />

          <div className="pot-panel card" role="tabpanel">
            {!siteNo || !profile ? (
              <p className="pot-prompt">Select a site to start place on test</p>
            ) : tab === 'form' ? (
              <SiteTestForm
                // A new site or header system starts a new form.
                key={`${siteNo}:${systemNo ?? ''}`}
                machine={flow}
                input={{
                  site: { site_no: siteNo },
                  user: { contactNumber: String(profile.contactNumber), firstName: profile.firstName },
                  clock,
                  limits: limits ? { MaxHours: limits.MaxHours, MaxOnTestDays: limits.MaxOnTestDays } : null,
                  comment: {
                    prefix: config.testCommentPrefix,
                    max: config.testCommentMax,
                    initial: linkedComment ?? undefined,
                  },
                  systemNo,
                }}
                onLeave={leave}
              />
            ) : (
              <SiteTestHistory siteNo={siteNo} systems={systemList} />
            )}
          </div>
        </div>
      </div>
    </PageFrame>
  );
}
