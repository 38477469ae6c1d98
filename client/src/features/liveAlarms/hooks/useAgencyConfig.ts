import { useCallback, useEffect, useMemo, useState } from 'react';
import { isAbort } from '../../../lib/api/apiError';
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
 * The agency's column configuration (doc 2 §2 "hidden initial state"): loaded first, kept in
 * browser storage as the original does, saved through UpdateAgencyConfig.
 */
export function useAgencyConfig(
  agencyId: string,
  columnIds: readonly string[],
  labels: Readonly<Record<string, string>>,
  defaultHidden: readonly string[],
): AgencyConfigState {
  const [state, setState] = useState<{ agencyId: string; text: string | null; loading: boolean }>({
    agencyId,
    text: null,
    loading: true,
  });

  useEffect(() => {
    const ctrl = new AbortController();
    fetchAgencyConfig(agencyId, ctrl.signal)
      .then((text) => {
        if (text) local.set(STORAGE_KEYS.agencyConfig, text);
        setState({ agencyId, text, loading: false });
      })
      .catch((e: unknown) => {
        if (isAbort(e)) return;
        // The view still opens: the last configuration stored in this browser, or the defaults.
        setState({ agencyId, text: local.get(STORAGE_KEYS.agencyConfig), loading: false });
      });
    return () => ctrl.abort();
  }, [agencyId]);

  const save = useCallback(
    async (cfg: LiveViewConfig) => {
      const text = serializeColumnFormat(cfg, labels);
      const message = await saveAgencyConfig(agencyId, text);
      local.set(STORAGE_KEYS.agencyConfig, text);
      setState({ agencyId, text, loading: false });
      return message || CONFIG_SAVED;
    },
    [agencyId, labels],
  );

  const loading = state.loading || state.agencyId !== agencyId;
  const saved = useMemo(
    () => parseColumnFormat(state.text, columnIds, defaultHidden),
    [state.text, columnIds, defaultHidden],
  );
  return { loading, saved, save };
}
