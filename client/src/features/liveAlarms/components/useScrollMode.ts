import { useState } from 'react';
import { local } from '../../../lib/storage/clientStorage';

const KEY = 'liveAlarms.gridMode';

/** Pages (the spec's pager) or one continuous virtualized list for large views; remembered here. */
export function useScrollMode(): ['paged' | 'scroll', (m: 'paged' | 'scroll') => void] {
  const [mode, setMode] = useState<'paged' | 'scroll'>(() =>
    local.get(KEY) === 'scroll' ? 'scroll' : 'paged',
  );
  return [
    mode,
    (m) => {
      local.set(KEY, m);
      setMode(m);
    },
  ];
}
