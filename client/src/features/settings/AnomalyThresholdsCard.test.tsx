import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testProfile } from '../../lib/testing/renderWithProviders';
import { AnomalyThresholdsCard } from './AnomalyThresholdsCard';

const defaults = { runawaySignals: 20, runawayMinutes: 60, repeatAlarms: 3, repeatHours: 24 };

/** Every request the card makes: its method and path. */
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}`);
      return Response.json({ agencyId: '100', thresholds: defaults, defaults: true });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Live anomalies thresholds card (Settings)', () => {
  it('shows the defaults in words', async () => {
    renderWithProviders(<AnomalyThresholdsCard profile={testProfile()} />);
    expect(
      screen.getByText(
        'Defaults: a runaway is 20 signals within 60 minutes from one system; repeat alarms are 3 alarms within 24 hours on one account.',
      ),
    ).toBeTruthy();
    expect(((await screen.findByLabelText('Runaway: signals')) as HTMLInputElement).value).toBe('20');
  });

  it('names a negative value with a clear message and sends nothing', async () => {
    renderWithProviders(<AnomalyThresholdsCard profile={testProfile()} />);
    const signals = (await screen.findByLabelText('Runaway: signals')) as HTMLInputElement;
    expect(asked).toEqual(['GET /api/anomalies/thresholds/100']);

    fireEvent.change(signals, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Runaway signals must be between 2 and 1000.',
    );
    expect(asked).toEqual(['GET /api/anomalies/thresholds/100']);
    expect(signals.value).toBe('-5');
  });
});
