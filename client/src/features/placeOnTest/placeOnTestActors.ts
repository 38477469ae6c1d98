import { fromPromise } from 'xstate';
import type { OnTestSaveInput, SaveOnTestAnswer } from '../../../../machines/placeOnTest/onTest';
import {
  placeOnTestMachine,
  type SignalTypesInput,
  type SiteTestInput,
} from '../../../../machines/placeOnTest/placeOnTestMachine';
import type { SignalFormatType, SiteTestLookups } from '../../../../machines/placeOnTest/siteTestForm';
import * as api from './placeOnTestApi';

/**
 * The site form's machine with its real effects: each actor calls the bridge (placeOnTestApi.ts).
 * `csNoOf` names the CS# of the record's system (its first), which the audit shows beside it.
 */
export const placeOnTestFlow = (csNoOf: (systemNo: string) => string | undefined) =>
  placeOnTestMachine.provide({
    actors: {
      loadSiteTest: fromPromise<SiteTestLookups, SiteTestInput>(({ input, signal }) =>
        api.loadSiteTest(input.siteNo, signal),
      ),
      loadSignalTypes: fromPromise<SignalFormatType[], SignalTypesInput>(({ input, signal }) =>
        api.loadSignalTypes(input.sigformId, signal),
      ),
      // A write takes no abort signal: once sent, it is carried through.
      saveOnTest: fromPromise<SaveOnTestAnswer, OnTestSaveInput>(({ input }) =>
        api.saveOnTest(input, csNoOf(input.record.system_no)),
      ),
    },
  });
