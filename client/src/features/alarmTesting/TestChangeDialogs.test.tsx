import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { TEST_CLEARED, TEST_EXTENDED, TEST_SELECT_MINUTES } from '../../../../machines/messages';
import { clearTestMachine, type UnrestoredZoneRow } from '../../../../machines/placeOnTest/clearTestMachine';
import { extendTestMachine } from '../../../../machines/placeOnTest/extendTestMachine';
import type { OnTestSaveInput, TestChangeAnswer } from '../../../../machines/placeOnTest/onTest';
import { ClearTestDialog } from './ClearTestDialog';
import { ExtendTestDialog } from './ExtendTestDialog';

afterEach(cleanup);

const entry = { site_no: '10', system_no: '20', cs_no: 'C-20', seqno: 7 };
const user = { contactNumber: '500002' };

function flows() {
  const sent: OnTestSaveInput[] = [];
  const change = fromPromise<TestChangeAnswer, OnTestSaveInput>(async ({ input }) => {
    sent.push(input);
    return { resultText: 'Success: 1 test(s) changed.', errors: [] };
  });
  const refreshTests = fromPromise<void, { siteNo: string }>(async () => undefined);
  return {
    sent,
    clear: clearTestMachine.provide({
      actors: {
        findUnrestoredZones: fromPromise<UnrestoredZoneRow[], { siteNo: string }>(async () => [
          { system_no: '20', zone_id: '3' },
          { system_no: '21', zone_id: '9' },
          { system_no: '20', zone_id: '5' },
        ]),
        removeOnTest: change,
        refreshTests,
      },
    }),
    extend: extendTestMachine.provide({ actors: { extendOnTest: change, refreshTests } }),
  };
}

describe('Clear On Test', () => {
  it('names the unrestored zones of the system, takes a comment and clears', async () => {
    const f = flows();
    const onClose = vi.fn();
    render(<ClearTestDialog machine={f.clear} input={{ entry, user }} onClose={onClose} />);
    expect((await screen.findByText(/unrestored zone/)).textContent).toBe(
      'This account has unrestored zone(s) 3, 5. Are you sure you would like to clear this system test?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'all restored by phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(TEST_CLEARED);
    expect(f.sent[0].record).toMatchObject({
      process_flag: 'off',
      test_seqno: 7,
      comment: 'all restored by phone',
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

describe('Extend On Test', () => {
  it('refuses 0:00 in Custom, then extends by the chosen hours', async () => {
    const f = flows();
    render(<ExtendTestDialog machine={f.extend} input={{ entry, user }} onClose={() => undefined} />);
    expect((screen.getByLabelText('1 hour') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Custom'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toBe(TEST_SELECT_MINUTES);
    fireEvent.change(screen.getByLabelText('Custom time (hours:minutes)'), { target: { value: '02:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status', {}, { timeout: 2000 })).textContent).toBe(TEST_EXTENDED);
    expect(f.sent[0].record).toMatchObject({
      process_flag: 'extend',
      extend_hh: 2,
      extend_mm: 30,
      test_seqno: 7,
    });
  });
});
