import { fromPromise } from 'xstate';
import {
  clearTestMachine,
  type UnrestoredZoneRow,
  type UnrestoredZonesInput,
} from '../../../../machines/placeOnTest/clearTestMachine';
import { extendTestMachine } from '../../../../machines/placeOnTest/extendTestMachine';
import type {
  OnTestSaveInput,
  RefreshTestsInput,
  TestChangeAnswer,
} from '../../../../machines/placeOnTest/onTest';
import type { OnTestEntryRow } from '../../../../shared/upstream/onTestRows';
import * as api from './alarmTestingApi';

/**
 * The clear and extend machines with their real effects. "The list reloads"
 * (docs/product/live-alarms-and-testing.md#states) is the live feed: the bridge polls soon after
 * the change, and `waitForList` resolves once the list shows it (or after a short wait), so the
 * success text never comes before the grid agrees.
 */
export interface TestingDeps {
  waitForList(shows: (rows: readonly OnTestEntryRow[]) => boolean): Promise<void>;
}

const findUnrestoredZones = fromPromise<UnrestoredZoneRow[], UnrestoredZonesInput>(({ input, signal }) =>
  api.unrestoredZones(input.siteNo, signal),
);
// Writes take no abort signal: once sent, they are carried through.
const changeTest = (csNo: string) =>
  fromPromise<TestChangeAnswer, OnTestSaveInput>(({ input }) => api.changeTest(input, csNo));

/** The system on test a dialog acts on. */
export interface TestedSystem {
  seqno: string;
  cs_no: string;
  expire_date: string;
}

export function clearTestFlow(deps: TestingDeps, { seqno, cs_no }: TestedSystem) {
  return clearTestMachine.provide({
    actors: {
      findUnrestoredZones,
      removeOnTest: changeTest(cs_no),
      refreshTests: fromPromise<void, RefreshTestsInput>(() =>
        deps.waitForList((rows) => !rows.some((r) => r.seqno === seqno)),
      ),
    },
  });
}

export function extendTestFlow(deps: TestingDeps, { seqno, cs_no, expire_date }: TestedSystem) {
  return extendTestMachine.provide({
    actors: {
      extendOnTest: changeTest(cs_no),
      refreshTests: fromPromise<void, RefreshTestsInput>(() =>
        deps.waitForList((rows) => rows.some((r) => r.seqno === seqno && r.expire_date !== expire_date)),
      ),
    },
  });
}
