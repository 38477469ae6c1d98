import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlarmDetailsDialog, detailCell, displayDate } from './AlarmDetailsDialog';

afterEach(cleanup);

describe('the Alarm Details dialog', () => {
  it('shows the alarm detail rows in the columns of the spec', () => {
    const rows = [
      {
        id: 1,
        date: '2026-11-21T13:15:14-08:00',
        zone: '001',
        state: 'ALARM',
        location: 'FRONT ENTRANCE',
        comment: null,
        event: 'BURGLARY',
        cleared: 'N',
        service_type: 'BURG',
      },
    ];
    render(<AlarmDetailsDialog csNo="C-1" details={{ status: 'ready', rows }} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Alarm Details - C-1' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Zone',
      'State',
      'Location/Comment',
      'Comment',
      'Event',
      'Cleared',
      'Service Type',
    ]);
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '11/21/2026 01:15:14 PM',
      '001',
      'ALARM',
      'FRONT ENTRANCE',
      '',
      'BURGLARY',
      'N',
      'BURG',
    ]);
  });

  it('says when there are none, and shows a failure', () => {
    const { rerender } = render(
      <AlarmDetailsDialog csNo="C-1" details={{ status: 'ready', rows: [] }} onClose={() => undefined} />,
    );
    expect(screen.getByText('No records found')).toBeTruthy();
    rerender(
      <AlarmDetailsDialog
        csNo="C-1"
        details={{ status: 'failed', message: 'Alarm incident not found.' }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Alarm incident not found.');
  });

  it('reads fields in any case and dates as their wall clock', () => {
    expect(detailCell({ Service_Type: 'FIRE' }, ['service_type'])).toBe('FIRE');
    expect(displayDate('2026-01-02T09:05:00Z')).toBe('01/02/2026 09:05:00 AM');
    expect(displayDate('yesterday')).toBe('yesterday');
  });
});
