import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SystemOnTestRow } from '../../../../shared/upstream/onTestRows';
import { ownAgencyId } from '../../lib/accounts/allAccounts';
import { useFeed } from '../../lib/live/LiveProvider';
import { useSessionView } from '../../lib/session/sessionView';
import type { TestingDeps } from './alarmTestingActors';
import { nextChangeAt, sitesOnTest } from './testingModel';

/** The time left is redrawn at least this often. */
const TICK_MS = 30_000;
/** How long a clear or extend waits for the list to show it before saying it succeeded anyway. */
const LIST_WAIT_MS = 8_000;

/**
 * The agency's systems on test from the live feed (one upstream poll per agency, whatever the
 * number of screens), grouped by site at the current time. The clock ticks every 30 s and at the
 * next moment a row changes its mark or ends, so an ended test leaves the list by itself.
 */
export function useSystemsOnTest() {
  const { profile } = useSessionView();
  const agencyId = profile ? ownAgencyId(profile) : null;
  const feed = useFeed(agencyId ? { feed: 'systemsOnTest', agencyId } : null);
  const [now, setNow] = useState(() => Date.now());
  const sites = useMemo(() => sitesOnTest(feed.rows, now), [feed.rows, now]);

  const next = nextChangeAt(sites, now);
  useEffect(() => {
    const wait = Math.min(TICK_MS, next === null ? TICK_MS : Math.max(0, next - Date.now()) + 50);
    const t = setTimeout(() => setNow(Date.now()), wait);
    return () => clearTimeout(t);
  }, [next, now]);

  const rowsRef = useRef<readonly SystemOnTestRow[]>(feed.rows);
  const waiters = useRef(new Set<() => void>());
  useEffect(() => {
    rowsRef.current = feed.rows;
    for (const w of [...waiters.current]) w();
  }, [feed.rows]);
  const waitForList = useCallback<TestingDeps['waitForList']>(
    (shows) =>
      new Promise<void>((resolve) => {
        const done = () => {
          waiters.current.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const check = () => {
          if (shows(rowsRef.current)) done();
        };
        const timer = setTimeout(done, LIST_WAIT_MS);
        waiters.current.add(check);
        check();
      }),
    [],
  );

  return {
    agencyId,
    sites,
    rows: feed.rows,
    now,
    state: feed.state,
    loaded: feed.version > 0 || feed.state === 'live' || feed.state === 'stale',
    deps: useMemo<TestingDeps>(() => ({ waitForList }), [waitForList]),
  };
}
