import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { SiteRowLike } from './siteGroups';

// The ZIP table (4 MB) and the WebGL map are not what these tests are about.
vi.mock('./zipPlaces', async (original) => ({
  ...(await original<typeof import('./zipPlaces')>()),
  loadZipTable: () => new Promise(() => undefined),
}));
vi.mock('./SiteMap', () => ({ default: () => <div data-testid="site-map" /> }));

const { LazyDirectionsDialog, LazySiteMapPanel } = await import('./lazyMapParts');

afterEach(cleanup);

const site: SiteRowLike = {
  csNo: 'CS1001',
  siteNo: '7',
  systemNo: '1',
  siteName: 'Main Street Bakery',
  address1: '1 Main St',
  address2: '',
  city: 'Irvine',
  state: 'CA',
  zip: '92618',
  description: 'BURGLARY',
};

describe('the map parts the Live Alarm View loads when first opened', () => {
  it('the directions dialog is up at once, titled with the CS#, loading, then shows the site', async () => {
    render(<LazyDirectionsDialog site={site} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'CS1001' });
    expect(dialog.textContent).toContain('Loading…');
    await screen.findByRole('link', { name: 'Open in external map' });
    expect(screen.getByRole('dialog', { name: 'CS1001' }).textContent).toContain('Main Street Bakery');
  });

  it("the map view holds its place with 'Loading map…', then shows the grouped sites", async () => {
    render(<LazySiteMapPanel rows={[site]} read={(r) => r} />);
    expect(screen.getByRole('status').textContent).toBe('Loading map…');
    const panel = await screen.findByRole('region', { name: 'Map View (Grouped By Site)' });
    expect(panel.textContent).toContain('Main Street Bakery');
  });
});
