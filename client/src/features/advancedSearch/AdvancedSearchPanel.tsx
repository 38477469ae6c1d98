import { useState } from 'react';
import { columnsCard } from '../../components/cardList/columnsCard';
import { GridOrCards } from '../../components/cardList/GridOrCards';
import type { GridColumn } from '../../components/grid/gridTypes';
import { CsNoLink } from '../../components/handoff/CsNoLink';
import { Icon } from '../../components/icons/Icon';
import { Drawer } from '../../components/layout/Drawer';
import { LoadingOverlay } from '../../components/layout/LoadingOverlay';
import { showToast } from '../../components/toast/toastStore';
import type { SiteRow, StatusRow } from '../../lib/api/rowSchemas';
import { useApiRead } from '../../lib/query/useApiRead';
import { fetchStatusSites, searchEventStatuses, searchSites } from './advancedSearchApi';
import {
  accountRequest,
  contactName,
  contactRequest,
  contactRows,
  defaultEventForm,
  emptyAccountForm,
  emptyContactForm,
  eventRange,
  eventRequest,
  hasErrors,
  SEARCH_TYPES,
  statusLabel,
  validateAccount,
  validateContact,
  validateEvent,
  type FormErrors,
  type SearchType,
} from './advancedSearchRules';
import { AccountSearchForm, ContactSearchForm, EventSearchForm } from './SearchForms';

type Keyed<R> = R & { rowId: string };
type Range = { StartDate: string; EndDate: string };
type Results =
  | { kind: 'sites'; type: 1001 | 1003; rows: Keyed<SiteRow>[] }
  | { kind: 'statuses'; range: Range; rows: Keyed<StatusRow>[] }
  | {
      kind: 'statusSites';
      range: Range;
      statuses: Keyed<StatusRow>[];
      status: StatusRow;
      rows: Keyed<SiteRow>[];
    };

const keyed = <R,>(rows: R[], key: (r: R) => string): Keyed<R>[] =>
  rows.map((r, i) => ({ ...r, rowId: `${key(r)}#${i}` }));
const siteKey = (r: SiteRow) => `${r.cs_no}|${r.site_no}|${r.system_no}`;
const target = (r: SiteRow) => ({ siteNo: r.site_no, systemNo: r.system_no, csNo: r.cs_no || r.acct_no });

const csColumn: GridColumn<Keyed<SiteRow>> = {
  id: 'cs_no',
  label: 'CS #',
  width: 120,
  value: (r) => r.cs_no || r.acct_no,
  render: (r) => <CsNoLink target={target(r)} failure="toast" />,
};
const SITE_COLUMNS: GridColumn<Keyed<SiteRow>>[] = [
  csColumn,
  { id: 'site_name', label: 'Site Name', width: 220 },
];
const CONTACT_COLUMNS: GridColumn<Keyed<SiteRow>>[] = [
  csColumn,
  { id: 'name', label: 'Name', width: 220, value: contactName },
];

/**
 * Advanced Search (docs/product/shell-session-search.md#side-panels, #states, #validation): Search
 * By, the form of the chosen type, a loading overlay, then Result(s) with a back button. For 1002:
 * the status list, then the sites of one status; back goes to the status list, then to the form.
 */
export function AdvancedSearchPanel({ onClose }: { onClose: () => void }) {
  const [type, setType] = useState<SearchType>(1001);
  const [account, setAccount] = useState(emptyAccountForm);
  const [contact, setContact] = useState(emptyContactForm);
  const [event, setEvent] = useState(() => defaultEventForm());
  const [errors, setErrors] = useState<FormErrors>({});
  const [results, setResults] = useState<Results | null>(null);
  const search = useApiRead();
  const loading = search.busy;

  // One search at a time: a newer one, back or closing the drawer cancels the one on its way.
  async function run<T>(
    key: readonly unknown[],
    call: (signal: AbortSignal) => Promise<T>,
    done: (value: T) => void,
  ) {
    const outcome = await search.read(['advancedSearch', ...key], call);
    if (outcome.ok) done(outcome.data);
    else if (outcome.message) showToast(outcome.message, 'error');
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const check =
      type === 1001
        ? validateAccount(account)
        : type === 1003
          ? validateContact(contact)
          : validateEvent(event);
    setErrors(check);
    if (hasErrors(check)) return;
    if (type === 1002) {
      const range = eventRange(event);
      const request = eventRequest(event);
      void run(
        ['statuses', request],
        (s) => searchEventStatuses(request, s),
        (rows) => setResults({ kind: 'statuses', range, rows: keyed(rows, (r) => r.servtype_id) }),
      );
    } else if (type === 1001) {
      const request = accountRequest(account);
      void run(
        ['sites', request],
        (s) => searchSites(request, s),
        (rows) => setResults({ kind: 'sites', type: 1001, rows: keyed(rows, siteKey) }),
      );
    } else {
      const request = contactRequest(contact);
      void run(
        ['sites', request],
        (s) => searchSites(request, s),
        (rows) => setResults({ kind: 'sites', type: 1003, rows: keyed(contactRows(rows), siteKey) }),
      );
    }
  };

  const openStatus = (status: StatusRow) => {
    if (results?.kind !== 'statuses') return;
    const { range, rows: statuses } = results;
    void run(
      ['statusSites', range, status.servtype_id],
      (s) => fetchStatusSites(range, status.servtype_id, s),
      (rows) => setResults({ kind: 'statusSites', range, statuses, status, rows: keyed(rows, siteKey) }),
    );
  };

  const back = () => {
    search.cancel();
    if (results?.kind === 'statusSites')
      setResults({ kind: 'statuses', range: results.range, rows: results.statuses });
    else setResults(null);
  };

  const statusColumns: GridColumn<Keyed<StatusRow>>[] = [
    {
      id: 'status',
      label: 'Status',
      width: 220,
      value: statusLabel,
      render: (r) => (
        <button type="button" className="link-button" onClick={() => openStatus(r)}>
          {statusLabel(r)}
        </button>
      ),
    },
    { id: 'ct', label: 'Count', width: 100, align: 'end' },
  ];

  return (
    <Drawer title="Advanced Search" onClose={onClose}>
      <div className="advanced-search">
        {results ? (
          <section className="advanced-search__results" aria-labelledby="as-results-title">
            <div className="advanced-search__results-head">
              <button
                type="button"
                className="icon-button"
                aria-label={
                  results.kind === 'statusSites' ? 'Back to the status list' : 'Back to the search form'
                }
                onClick={back}
              >
                <Icon name="back" />
              </button>
              <h3 id="as-results-title">Result(s)</h3>
              {results.kind === 'statusSites' ? (
                <span className="muted">{statusLabel(results.status)}</span>
              ) : null}
            </div>
            {results.kind === 'statuses' ? (
              <GridOrCards
                card={columnsCard(statusColumns)}
                cardScroll="box"
                label="Event statuses"
                columns={statusColumns}
                rows={results.rows}
                getRowId={(r) => r.rowId}
                maxBodyHeight={560}
              />
            ) : (
              <GridOrCards
                card={columnsCard(
                  results.kind === 'sites' && results.type === 1003 ? CONTACT_COLUMNS : SITE_COLUMNS,
                )}
                cardScroll="box"
                label={
                  results.kind === 'statusSites'
                    ? `Sites with ${statusLabel(results.status)}`
                    : 'Search results'
                }
                columns={results.kind === 'sites' && results.type === 1003 ? CONTACT_COLUMNS : SITE_COLUMNS}
                rows={results.rows}
                getRowId={(r) => r.rowId}
                maxBodyHeight={560}
              />
            )}
          </section>
        ) : (
          <form className="advanced-search__form" onSubmit={submit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor="as-type">
                Search By
              </label>
              <select
                id="as-type"
                className="select"
                value={type}
                onChange={(e) => {
                  setType(Number(e.target.value) as SearchType);
                  setErrors({});
                }}
              >
                {SEARCH_TYPES.map((t) => (
                  <option key={t.code} value={t.code}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
            {errors.form ? (
              <p className="form-error" role="alert">
                {errors.form}
              </p>
            ) : null}
            {type === 1001 ? <AccountSearchForm value={account} onChange={setAccount} /> : null}
            {type === 1002 ? <EventSearchForm value={event} errors={errors} onChange={setEvent} /> : null}
            {type === 1003 ? (
              <ContactSearchForm value={contact} errors={errors} onChange={setContact} />
            ) : null}
            <div className="advanced-search__actions">
              <button type="submit" className="button" disabled={loading}>
                Search
              </button>
            </div>
          </form>
        )}
        {loading ? <LoadingOverlay label="Searching" /> : null}
      </div>
    </Drawer>
  );
}
