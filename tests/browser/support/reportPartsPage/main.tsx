import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../../../../client/src/styles/tokens.css';
import '../../../../client/src/styles/base.css';
import { ReportChart, type ChartPoint } from '../../../../client/src/reporting/ReportChart';
import { SiteMapPanel } from '../../../../client/src/reporting/map/SiteMapPanel';
import type { SiteRowLike } from '../../../../client/src/reporting/map/siteGroups';
import { TESTING_ZOOM } from '../../../../client/src/reporting/map/zipPlaces';

/**
 * The shared report chart and map on one page, for tests/browser/reportParts.test.ts: the parts
 * need a real browser (canvas, WebGL) and no bridge.
 */
const MONTHS = ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026'];
const sites: SiteRowLike[] = [
  {
    siteNo: '1',
    systemNo: '11',
    siteName: 'Harbor Storage',
    address1: '100 Harbor Blvd',
    address2: '',
    city: 'Irvine',
    state: 'CA',
    zip: '92618',
    csNo: 'C1001',
    description: 'BURGLARY',
    latitude: 33.68,
    longitude: -117.75,
  },
  {
    siteNo: '1',
    systemNo: '11',
    siteName: 'Harbor Storage',
    address1: '100 Harbor Blvd',
    address2: '',
    city: 'Irvine',
    state: 'CA',
    zip: '92618',
    csNo: 'C1001',
    description: 'FIRE',
    latitude: 33.68,
    longitude: -117.75,
  },
  {
    siteNo: '2',
    systemNo: '21',
    siteName: 'Elm Street Deli',
    address1: '5 Elm St',
    address2: '',
    city: 'Torrance',
    state: 'CA',
    zip: '90501',
    csNo: 'C2001',
    description: 'BURGLARY',
    latitude: 33.83,
    longitude: -118.31,
  },
  {
    siteNo: '3',
    systemNo: '31',
    siteName: 'Oak Plaza',
    address1: '9 Oak Ave',
    address2: '',
    city: 'Anaheim',
    state: 'CA',
    zip: '92801',
    csNo: 'C3001',
    description: 'FIRE',
    latitude: 33.84,
    longitude: -117.91,
  },
];

function Page() {
  const [clicked, setClicked] = useState<ChartPoint | null>(null);
  return (
    <div style={{ padding: 16, width: 900 }}>
      <section data-part="line">
        <ReportChart
          kind="line"
          label="Site Counts"
          testId="line-chart"
          x={{ kind: 'number', values: [1, 2, 3, 4, 5] }}
          series={[
            { label: 'Sites', values: [40, 25, 12, 6, 2] },
            { label: 'Systems', values: [10, 8, 30, 5, 1] },
          ]}
          onPointClick={setClicked}
        />
        <output data-testid="clicked">
          {clicked ? `${clicked.x}|${clicked.xLabel}|${clicked.series}|${clicked.value}` : ''}
        </output>
      </section>
      <ReportChart
        kind="area"
        label="Cancellation Summary"
        testId="area-chart"
        x={{ kind: 'category', labels: MONTHS }}
        series={[{ label: 'Cancellation Summary', values: [3, 9, 4, 12, 7, 1] }]}
        yRange={[0, 100]}
        tooltip={(index) => <span data-testid="tooltip-month">Accounts of {MONTHS[index]}</span>}
      />
      <ReportChart
        kind="bar"
        label="Signals per account"
        testId="bar-chart"
        x={{ kind: 'category', labels: ['C1001', 'C2001', 'C3001'] }}
        series={[{ label: 'Signal Count', values: [14, 9, 21] }]}
      />
      <ReportChart
        kind="stackedBar"
        label="Events by type"
        testId="stacked-chart"
        x={{ kind: 'time', values: [1_790_000_000, 1_790_003_600, 1_790_007_200], step: 3600 }}
        series={[
          { label: 'A', values: [3, 5, 2] },
          { label: 'B', values: [1, 4, 6] },
        ]}
      />
      <ReportChart
        kind="line"
        label="Empty"
        testId="empty-chart"
        x={{ kind: 'number', values: [] }}
        series={[]}
      />
      <SiteMapPanel rows={sites} read={(r) => r} zoom={TESTING_ZOOM} centreOn="first" height={360} />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
