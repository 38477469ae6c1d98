import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import {
  alarmPlaceOnTestMachine,
  type TestCategoriesInput,
} from '../../../../machines/placeOnTest/alarmPlaceOnTestMachine';
import { TEST_PLACED } from '../../../../machines/messages';
import type {
  OnTestSaveInput,
  SaveOnTestAnswer,
  TestCategory,
} from '../../../../machines/placeOnTest/onTest';
import { AlarmPlaceOnTestDialog } from './AlarmPlaceOnTestDialog';

afterEach(cleanup);

const CATEGORIES: TestCategory[] = [
  { testcat_id: 'GEN', descr: 'GENERAL TEST', default_hours: 4, default_minutes: 0, max_hours: '8' },
  { testcat_id: 'ALRM', descr: 'ALARM IN PROGRESS', default_hours: 2, default_minutes: 0, max_hours: '2' },
  {
    testcat_id: 'CONST',
    descr: 'CONSTRUCTION / REMODEL',
    default_hours: 0,
    default_minutes: 0,
    max_hours: '240',
  },
];
// 2026-03-02 15:00 UTC; the site is 8 hours behind: 07:00 there.
const NOW = Date.UTC(2026, 2, 2, 15, 0);

function flow() {
  const saved: OnTestSaveInput[] = [];
  const machine = alarmPlaceOnTestMachine.provide({
    actors: {
      loadTestCategories: fromPromise<TestCategory[], TestCategoriesInput>(async () => CATEGORIES),
      saveOnTest: fromPromise<SaveOnTestAnswer, OnTestSaveInput>(async ({ input }) => {
        saved.push(input);
        return { result: { rtn_code: 0, err_msg: 'ok', addl_err_info: null }, errors: [] };
      }),
    },
    delays: { closeDelay: 30 },
  });
  return { machine, saved };
}

const input = {
  alarm: { cs_No: 'C-1001', site_No: '10', system_No: '20' },
  user: { contactNumber: '500002', firstName: 'Dennis' },
  siteUtcOffsetMinutes: -480,
  clock: () => NOW,
  limits: { MaxHours: 72, MaxOnTestDays: 3 },
};

describe('the Place On test dialog of an alarm', () => {
  it('preselects the 2-hour category, hides the dates, refuses a too long test, then saves and closes', async () => {
    const { machine, saved } = flow();
    const onClose = vi.fn();
    render(<AlarmPlaceOnTestDialog machine={machine} input={input} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Place On test - C-1001' })).toBeTruthy();
    const category = (await screen.findByLabelText('Test Category')) as HTMLSelectElement;
    expect(category.value).toBe('ALRM');
    // docs/product/live-alarms-and-testing.md#screens: the variant opened for an alarm hides the
    // system/zone choice and the dates.
    expect(screen.queryByLabelText('Effective Date')).toBeNull();
    expect(screen.queryByLabelText('Expire Date')).toBeNull();
    expect(screen.getByText('Placed on test from alarm by Dennis')).toBeTruthy();

    fireEvent.change(category, { target: { value: 'CONST' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('*Expire date should not be more than 03-05-2026 07:00.')).toBeTruthy();
    expect(saved).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Test Category'), { target: { value: 'ALRM' } });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'tech on site' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TEST_PLACED)).toBeTruthy();
    expect(saved[0].record).toMatchObject({
      process_flag: 'on',
      testcat_id: 'ALRM',
      system_no: '20',
      SiteNo: '10',
      effective_date: '03-02-2026 07:00',
      expire_date: '03-02-2026 09:00',
      comment: 'Placed on test from alarm by Dennis tech on site',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('counts down the comment within the cap of 194 with the prefix', async () => {
    render(<AlarmPlaceOnTestDialog machine={flow().machine} input={input} onClose={() => undefined} />);
    await screen.findByLabelText('Test Category');
    const prefix = 'Placed on test from alarm by Dennis '.length;
    expect(screen.getByText(`Remaining: ${194 - prefix}`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'x'.repeat(500) } });
    expect(screen.getByText('Remaining: 0')).toBeTruthy();
  });
});
