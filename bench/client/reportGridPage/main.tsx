import { createRoot } from 'react-dom/client';
import '../../../client/src/styles/tokens.css';
import '../../../client/src/styles/base.css';
import type { GridColumn } from '../../../client/src/components/grid/gridTypes';
import { ReportGrid } from '../../../client/src/reporting/ReportGrid';

/** A 50,000-row report (the size issue 12 names) in the report grid, for bench/client/reportGrid.ts. */
interface Row {
  id: string;
  cs: string;
  count: number;
  site: string;
  address: string;
  city: string;
  details: { id: string; agency: string; phone: string }[];
}

const n = Number(new URLSearchParams(location.search).get('rows') ?? 50_000);
const CITIES = ['Torrance', 'Irvine', 'Anaheim', 'Long Beach', 'Santa Ana', 'Costa Mesa', 'Fullerton'];
const rows: Row[] = Array.from({ length: n }, (_, i) => ({
  id: `r${i}`,
  cs: `C${String((i * 7919) % 1_000_000).padStart(6, '0')}`,
  count: (i * 37) % 250,
  site: `Site ${(i * 131) % 9973} ${['Storage', 'Deli', 'Plaza', 'Pharmacy'][i % 4]}`,
  address: `${(i * 17) % 9000} ${['Elm', 'Oak', 'Main', 'Harbor'][i % 4]} Street`,
  city: CITIES[i % CITIES.length],
  details: Array.from({ length: i % 3 }, (_, k) => ({
    id: `r${i}d${k}`,
    agency: `Agency ${k}`,
    phone: '310-555-0100',
  })),
}));
const columns: GridColumn<Row>[] = [
  { id: 'cs', label: 'CS#' },
  { id: 'count', label: 'Signal Count', align: 'end' },
  { id: 'site', label: 'Site Name' },
  { id: 'address', label: 'Site Address1' },
  { id: 'city', label: 'City' },
];
const detailColumns: GridColumn<Row['details'][number]>[] = [
  { id: 'agency', label: 'Agency Name' },
  { id: 'phone', label: 'Agency Phone' },
];

createRoot(document.getElementById('root')!).render(
  <div style={{ padding: 16 }}>
    <ReportGrid
      label="Bench report"
      columns={columns}
      rows={rows}
      getRowId={(r) => r.id}
      detail={{ label: 'Agencies', columns: detailColumns, rowsOf: (r) => r.details, getRowId: (d) => d.id }}
    />
  </div>,
);
(window as unknown as { benchReady: boolean }).benchReady = true;
