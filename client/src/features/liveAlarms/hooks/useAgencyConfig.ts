import { useCallback, useMemo } from 'react';
import { useApiQuery } from '../../../lib/query/useApiQuery';
import { useSetCached } from '../../../lib/query/useInvalidate';
import { local, STORAGE_KEYS } from '../../../lib/storage/clientStorage';
import { fetchAgencyConfig, saveAgencyConfig } from '../liveAlarmsApi';
import {
  CONFIG_SAVED,
  parseColumnFormat,
  serializeColumnFormat,
  type LiveViewConfig,
} from '../model/columnConfig';

export interface AgencyConfigState {
  /** The hidden tab 0: the configuration is loading. */
  loading: boolean;
  /** What is saved (or the defaults). */
  saved: LiveViewConfig;
  /** Stores a configuration; resolves with the upstream's message, rejects on failure. */
  save(cfg: LiveViewConfig): Promise<string>;
}

/**
 * The agency's column configuration (docs/product/live-alarms-and-testing.md#screens "hidden
 * initial state"): loaded first, kept in browser storage as the original does, saved through
 * UpdateAgencyConfig.
 */
export function useAgencyConfig(
  agencyId: string,
  columnIds: readonly string[],
  labels: Readonly<Record<string, string>>,
  defaultHidden: readonly string[],
): AgencyConfigState {
  const stored = useApiQuery(['agencyConfig', agencyId], async (signal) => {
    const text = await fetchAgencyConfig(agencyId, signal);
    if (text) local.set(STORAGE_KEYS.agencyConfig, text);
    return text;
  });
  const setCached = useSetCached();

  const save = useCallback(
    async (cfg: LiveViewConfig) => {
      const text = serializeColumnFormat(cfg, labels);
      const message = await saveAgencyConfig(agencyId, text);
      local.set(STORAGE_KEYS.agencyConfig, text);
      setCached(['agencyConfig', agencyId], text);
      return message || CONFIG_SAVED;
    },
    [agencyId, labels, setCached],
  );

  // The view still opens when the call fails: the last configuration stored in this browser, or
  // the defaults.
  const failed = stored.status === 'error' || stored.status === 'expired';
  const loading = stored.status === 'loading' || stored.status === 'idle';
  const text = failed ? local.get(STORAGE_KEYS.agencyConfig) : (stored.data ?? null);
  const saved = useMemo(
    () => parseColumnFormat(text, columnIds, defaultHidden),
    [text, columnIds, defaultHidden],
  );
  // NOTE: one answer while nothing changed, so the tab that reads it (a memoised view) does not
  // re-render with the page around it (issue 38).
  return useMemo(() => ({ loading, saved, save }), [loading, saved, save]);
}
