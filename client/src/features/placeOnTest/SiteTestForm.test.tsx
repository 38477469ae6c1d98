import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  TEST_PLACED,
  TEST_SELECT_SERVICE_TYPE,
  TEST_SELECT_SITE,
  TEST_SELECT_SIGNAL_TYPE,
  testExpireAfterMax,
} from '../../../../machines/messages';
import type { OnTestSaveInput, SaveOnTestAnswer } from '../../../../machines/placeOnTest/onTest';
import {
  placeOnTestMachine,
  type SignalTypesInput,
  type SiteTestInput,
} from '../../../../machines/placeOnTest/placeOnTestMachine';
import type { SignalFormatType, SiteTestLookups } from '../../../../machines/placeOnTest/siteTestForm';
import { SiteTestForm } from './SiteTestForm';

afterEach(cleanup);

// 15:00 UTC is 07:00 at a site 8 hours west.
const NOW = Date.UTC(2026, 2, 2, 15, 0);
const LOOKUPS: SiteTestLookups = {
  categories: [
    { testcat_id: 'GEN', descr: 'GENERAL TEST', default_hours: 4, default_minutes: 0, max_hours: '8' },
  ],
  serviceTypes: [
    { servtype_id: 'BURG', descr: 'BURGLARY' },
    { servtype_id: 'FIRE', descr: 'FIRE' },
  ],
  signalFormats: [{ sigform_id: 'CID', descr: 'CONTACT ID' }],
  zoneStates: [{ zonestate_id: 'A', descr: 'ALARM' }],
  systems: [
    { system_no: '20', cs_no: 'C-20' },
    { system_no: '21', cs_no: 'C-21' },
  ],
  zones: [{ system_no: '20', zone_id: '1', comment: 'DOOR', staz_flag: 'N', on_test_flag: 'N' }],
  siteUtcOffset: -480,
};

function flow() {
  const saved: OnTestSaveInput[] = [];
  const machine = placeOnTestMachine.provide({
    actors: {
      loadSiteTest: fromPromise<SiteTestLookups, SiteTestInput>(async () => LOOKUPS),
      loadSignalTypes: fromPromise<SignalFormatType[], SignalTypesInput>(async () => [
        { sigtype_id: 'E130', eventDescr: 'BURGLARY' },
        { sigtype_id: 'E110', eventDescr: 'FIRE' },
      ]),
      saveOnTest: fromPromise<SaveOnTestAnswer, OnTestSaveInput>(async ({ input }) => {
        saved.push(input);
        return { result: { rtn_code: 0, err_msg: 'ok', addl_err_info: null }, errors: [] };
      }),
    },
    delays: { leaveDelay: 30 },
  });
  return { machine, saved };
}

const input = {
  site: { site_no: '10' },
  user: { contactNumber: '500002', firstName: 'Dennis' },
  clock: () => NOW,
  limits: { MaxHours: 8, MaxOnTestDays: 3 },
  comment: { prefix: 'Tested by ', max: 60 },
};

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const alert = () => screen.getByRole('alert').textContent;

describe('the Place On Test form of a site', () => {
  it('shows each rule in the spec words, then saves and leaves for /systemontest', async () => {
    const { machine, saved } = flow();
    const onLeave = vi.fn();
    render(<SiteTestForm machine={machine} input={input} onLeave={onLeave} />);
    await screen.findByLabelText('Test Category');
    fireEvent.change(screen.getByLabelText('Test Category'), { target: { value: 'GEN' } });
    // The form's pattern MM-dd-yyyy HH:mm (docs/product/live-alarms-and-testing.md#constants), not
    // the browser picker's.
    expect((screen.getByLabelText('Effective Date (site time)') as HTMLInputElement).value).toBe(
      '03-02-2026 07:00',
    );
    expect((screen.getByLabelText('Expire Date (site time)') as HTMLInputElement).value).toBe(
      '03-02-2026 11:00',
    );

    save();
    expect(alert()).toBe(TEST_SELECT_SITE);
    fireEvent.click(screen.getByRole('button', { name: 'Select Systems' }));
    const chooser = screen.getByRole('dialog', { name: 'Select Systems' });
    fireEvent.click(within(chooser).getByRole('switch', { name: 'All' }));
    fireEvent.click(within(chooser).getByRole('button', { name: 'Done' }));
    expect(screen.getByTestId('pot-chosen').textContent).toBe('All systems (C-20, C-21)');

    fireEvent.change(screen.getByLabelText('Expire Date (site time)'), {
      target: { value: '03-02-2026 16:00' },
    });
    save();
    expect(alert()).toBe(testExpireAfterMax('03-02-2026 15:00'));
    // The calendar beside the box writes its choice back in the pattern.
    fireEvent.change(screen.getByLabelText('Expire Date (site time) picker'), {
      target: { value: '2026-03-02T12:00' },
    });
    expect((screen.getByLabelText('Expire Date (site time)') as HTMLInputElement).value).toBe(
      '03-02-2026 12:00',
    );
    save();
    expect(alert()).toBe(TEST_SELECT_SERVICE_TYPE);

    fireEvent.click(screen.getByLabelText('BURGLARY'));
    expect(screen.getByRole('switch', { name: 'Service Types: Except' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Signal Format'), { target: { value: 'CID' } });
    await screen.findByText('Signal Format Types');
    save();
    expect(alert()).toBe(TEST_SELECT_SIGNAL_TYPE);
    fireEvent.click(screen.getByLabelText('E110 FIRE'));
    fireEvent.click(screen.getByLabelText('ALARM'));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'panel swap' } });
    expect(screen.getByText('Remaining: 33')).toBeTruthy();
    save();

    expect((await screen.findByRole('status')).textContent).toBe(TEST_PLACED);
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(saved[0].record).toMatchObject({
      testcat_id: 'GEN',
      effective_date: '03-02-2026 07:00',
      expire_date: '03-02-2026 12:00',
      system_list: '20,21',
      all_systems_flag: 'Y',
      servtype_id: 'BURG',
      sigform_id: 'CID',
      sigtype_id_list: 'E110',
      zonestate_id: 'A',
      comment: 'Tested by Dennis panel swap',
    });
    expect(saved[0].siteUtcOffset).toBe(-480);
  });
});
