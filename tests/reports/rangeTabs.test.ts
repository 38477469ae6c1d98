import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGE_LISTS,
  rangesFor,
  REPORT_RANGE_LISTS,
  type RangedReport,
} from '../../client/src/reporting/rangeLists';
import { parseReportRange } from '../../simulator/queries/reportRange';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 12);
// What each label promises, in days.
const DAYS: Record<string, number> = {
  'One Week': 7,
  'Last 24 hours': 1,
  'Last 30 Days': 30,
  'Last 60 Days': 60,
  'Last 90 Days': 90,
  'Last 180 Days': 180,
  'Last 12 Months': 365,
};

describe('every report range tab is a range the monitoring-center simulator reads', () => {
  for (const report of Object.keys(REPORT_RANGE_LISTS) as RangedReport[]) {
    it(`${report}: each tab's key reads as the span its label says`, () => {
      for (const tab of rangesFor(DEFAULT_RANGE_LISTS, report)) {
        const range = parseReportRange(tab.key, NOW);
        expect(range, `${report} ${tab.key}`).not.toBe('invalid');
        if (range === 'invalid') continue;
        expect((range.to - range.from) / DAY, `${report} ${tab.label}`).toBe(DAYS[tab.label]);
      }
    });
  }
});
