import type { ReactNode } from 'react';
import type { GridColumn } from '../components/grid/gridTypes';
import { CsNoLink } from '../components/handoff/CsNoLink';
import type { HandOffTarget } from '../lib/handoff/handOff';

/** A CS# cell that hands off to the user's data-management tool; a row without a site keeps plain text. */
export function csNoCell<R>(target: (row: R) => HandOffTarget): (row: R) => ReactNode {
  return (row) => {
    const t = target(row);
    return t.csNo && t.siteNo ? <CsNoLink target={t} /> : t.csNo;
  };
}

/**
 * A CS# column whose cells hand off to the user's data-management tool (doc 3 §2: "CS# cells
 * hand off"); it sorts and exports as the CS# text. A row without a site keeps plain text.
 */
export function csNoColumn<R>(
  target: (row: R) => HandOffTarget,
  column: Partial<Omit<GridColumn<R>, 'render' | 'value'>> = {},
): GridColumn<R> {
  return {
    id: 'csNo',
    label: 'CS#',
    ...column,
    value: (row) => target(row).csNo,
    render: csNoCell(target),
  };
}
