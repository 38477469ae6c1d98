import { useMemo } from 'react';
import { runtimeConfig } from '../lib/config/runtimeConfig';
import { useStore } from '../lib/store/useStore';
import { rangesFor, type RangedReport, type RangeOption } from './rangeLists';

/** The range tabs of a report, from the runtime configuration (stable while it is unchanged). */
export function useReportRanges(report: RangedReport): readonly RangeOption[] {
  const lists = useStore(runtimeConfig, (c) => c.rangeLists);
  return useMemo(() => rangesFor(lists, report), [lists, report]);
}
