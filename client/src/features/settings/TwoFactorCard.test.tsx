import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../lib/testing/renderWithProviders';
import { TwoFactorCard } from './TwoFactorCard';

const answer = (result: unknown) =>
  new Response(JSON.stringify({ isSessionValid: true, errors: [], result }), {
    headers: { 'content-type': 'application/json' },
  });
const contacts = (phone: string) => [
  { seqno: 1, contact_no: 7, phone_number: phone, phonetype_id: 'M' },
  { seqno: 2, contact_no: 7, email_address: 'olivia.owens@example.com', phonetype_id: 'EM' },
];

/** The contact list's answers, each held until the test lets it go. */
let lists: Array<(r: Response) => void>;

beforeEach(() => {
  lists = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('GetContactPhones')) return new Promise<Response>((resolve) => lists.push(resolve));
      if (url.includes('UpdateContactPhones'))
        return Promise.resolve(answer({ result: { status_msg: 'Contact details updated successfully.' } }));
      return new Promise(() => undefined);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Two-Factor Authentication card', () => {
  it('keeps the activate dialog open when the contact list reloads after a save', async () => {
    renderWithProviders(<TwoFactorCard contactNo={7} initiallyOn={false} onFlagChanged={() => undefined} />);
    await waitFor(() => expect(lists).toHaveLength(1));
    act(() => lists[0](answer(contacts('7145550101'))));
    const phone = await screen.findByRole('textbox', { name: 'Phone 1' });

    fireEvent.change(phone, { target: { value: '8185550122' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Saved: the list reloads. The dealer opens the dialog before the new list arrives.
    await waitFor(() => expect(lists).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Activate Two-Factor Authentication' }));
    expect(screen.getByRole('dialog', { name: 'Activate Two-Factor Authentication' })).toBeTruthy();

    await act(async () => lists[1](answer(contacts('8185550122'))));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Phone 1' }) as HTMLInputElement).value).toBe(
        '(818) 555-0122',
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Activate Two-Factor Authentication' });
    expect(dialog.textContent).toContain('(818) 555-0122');
  });
});
