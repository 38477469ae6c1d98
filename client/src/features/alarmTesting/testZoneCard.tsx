import { cellTextOf } from '../../../../shared/reports/reportColumns';
import { TEST_ZONES_COLUMNS } from '../../../../shared/reports/testZones';
import type { TestZonesReportRow } from '../../../../shared/upstream/onTestRows';
import type { RowCard } from '../../components/cardList/rowCard';

const text = (id: (typeof TEST_ZONES_COLUMNS)[number]['id']) => {
  const column = TEST_ZONES_COLUMNS.find((c) => c.id === id)!;
  return (row: TestZonesReportRow) => cellTextOf(column, row);
};

/**
 * A zone of the Test Zones Report on a phone: the zone and whether its signal came in, what was
 * received and when, then the account and the system (the technician walks the zones in order).
 */
export const TEST_ZONE_CARD: RowCard<TestZonesReportRow> = {
  title: (r) => [`Zone ${text('zone_id')(r)}`, text('zone_comment')(r)].filter(Boolean).join(' · '),
  aside: (r) => {
    const received = text('signal_recd')(r);
    if (received === 'Y') return 'Signal received';
    if (received === 'N') return 'No signal yet';
    return received ? `Signal: ${received}` : null;
  },
  fields: [
    { label: 'Event', value: (r) => [text('event_id')(r), text('event_descr')(r)].filter(Boolean).join(' ') },
    { label: 'Signal date', value: text('signal_date') },
    { label: 'Zone on test', value: text('zone_on_test') },
    { label: 'CS# / System', value: (r) => `${text('cs_no')(r)} / ${text('system_no')(r)}` },
  ],
  estimateHeight: 130,
};
