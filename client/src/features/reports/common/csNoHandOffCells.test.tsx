import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { allAccounts } from '../../../lib/accounts/allAccounts';
import { addCancelColumns } from '../growth/growthColumns';
import { serviceRequestColumns } from '../serviceRequests/serviceRequestColumns';

/**
 * The CS# cells of Growth's detail and the Service Requests detail open the external tool
 * (docs/product/reports-and-settings.md#overview).
 */

const asked: string[] = [];
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      return Promise.resolve(
        new Response(JSON.stringify({ isSessionValid: true, result: 'https://tool/x' })),
      );
    }),
  );
  vi.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  asked.length = 0;
  allAccounts.setState({ status: 'idle', accounts: [] });
});

const cell = (node: ReactNode) => render(<div>{node}</div>);

describe('CS# cells that hand off', () => {
  it("Growth's detail 'CS1 #' opens the account, with its site and system from the accounts lookup", async () => {
    allAccounts.setState({
      status: 'ready',
      accounts: [
        {
          cs_no: 'C1001',
          site_no: '11',
          system_no: '22',
          site_name: 'North',
          servco_no: '1',
          site_addr1: '',
          city_name: '',
        },
      ],
    });
    const column = addCancelColumns.find((c) => c.id === 'cs_no')!;
    expect(column.label).toBe('CS1 #');
    cell(
      column.render!({
        cs_no: 'C1001',
        site_name: 'North',
        address: '',
        city: '',
        ac_date: '',
        install_servco_no: '1',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'C1001: Go to Data Management' }));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toContain('/api/GetMasWebPlusTransfer?');
    expect(asked[0]).toContain('SiteNo=11');
    expect(asked[0]).toContain('SystemNo=22');
    expect(asked[0]).toContain('Cs_No=C1001');
  });

  it('the Service Requests detail CS# opens the account of its row', async () => {
    const column = serviceRequestColumns.find((c) => c.id === 'cs_no')!;
    cell(
      column.render!({
        site_no: '11',
        site_name: 'North',
        site_addr1: '',
        site_addr2: '',
        city_name: '',
        state_id: '',
        zip_code: '',
        cs_no: 'C1001',
        system_no: '22',
        event_date: '',
        comment: '',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'C1001: Go to Data Management' }));
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toContain('SiteNo=11');
    expect(asked[0]).toContain('Cs_No=C1001');
  });
});
