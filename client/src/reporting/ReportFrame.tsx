import type { ReactNode } from 'react';
import { LoadingOverlay } from '../components/layout/LoadingOverlay';
import { PageFrame } from '../components/layout/PageFrame';
import type { RangeOption } from './rangeLists';
import { RangeTabs } from './RangeTabs';
import { NO_RECORDS, reportErrorText } from './reportMessages';
import './reporting.css';

/** A load as the data layer reports it (lib/query LoadState), or the parts a screen has. */
export interface ReportLoad {
  status: 'idle' | 'loading' | 'empty' | 'ready' | 'error' | 'expired';
  message?: string | null;
  isFetching?: boolean;
}

export interface ReportFrameProps {
  title: string;
  /**
   * Range tabs (docs/product/reports-and-settings.md#screens): shown when given; a switch calls
   * onRangeChange, which reloads.
   */
  ranges?: readonly RangeOption[];
  range?: string;
  onRangeChange?(key: string): void;
  /** The left column (e.g. <CityFilter>). */
  filters?: ReactNode;
  /** Export buttons, top right of the title. */
  exports?: ReactNode;
  /** Controls above the body (switches, a Run button, a legend). */
  toolbar?: ReactNode;
  /** The load to show: loading, empty, error (the data layer's LoadState fits). */
  load?: ReportLoad;
  /** Or the parts one by one (they win over `load`). */
  loading?: boolean;
  /** A string is shown as is; an error as the API's errors joined, else 'Unable to process your request.'. */
  error?: unknown;
  empty?: boolean;
  emptyText?: string;
  children?: ReactNode;
}

/**
 * The page of a report (docs/product/reports-and-settings.md#screens, #states, #messages): title,
 * range tabs, filters, exports, then a loading indicator while calls run, the error text when one
 * failed (never a blank page), 'No records found' when the answer is empty, else the body. A reload
 * keeps the body under the indicator.
 */
export function ReportFrame(props: ReportFrameProps) {
  const { title, ranges, range, onRangeChange, filters, exports, toolbar, load } = props;
  const loading = props.loading ?? (load ? load.status === 'loading' || !!load.isFetching : false);
  const errorText =
    props.error != null && props.error !== false
      ? reportErrorText(props.error)
      : load?.status === 'error'
        ? (load.message ?? reportErrorText(null))
        : null;
  const empty = props.empty ?? load?.status === 'empty';
  const expired = load?.status === 'expired';
  const firstLoad = loading && (load ? load.status === 'loading' : !props.children);

  let body: ReactNode;
  if (expired)
    body = null; // the session runtime shows the notice and signs out
  else if (errorText) body = <ReportError text={errorText} />;
  else if (firstLoad) body = <div className="rp-frame__placeholder" />;
  else if (empty)
    body = (
      <p className="rp-frame__empty" role="status">
        {props.emptyText ?? NO_RECORDS}
      </p>
    );
  else body = props.children;

  return (
    <PageFrame title={title} actions={exports}>
      {ranges && ranges.length > 0 ? (
        <RangeTabs ranges={ranges} value={range ?? ranges[0].key} onChange={(k) => onRangeChange?.(k)} />
      ) : null}
      {toolbar ? <div className="rp-frame__toolbar">{toolbar}</div> : null}
      <div className={`rp-frame${filters ? ' rp-frame--filtered' : ''}`}>
        {filters ? <aside className="rp-frame__filters">{filters}</aside> : null}
        <div className="rp-frame__body" aria-busy={loading || undefined}>
          {body}
          {loading && !errorText && !expired ? <LoadingOverlay label={`Loading ${title}`} /> : null}
        </div>
      </div>
    </PageFrame>
  );
}

/** A failed call's text, one line per error. */
export function ReportError({ text }: { text: string }) {
  return (
    <p className="rp-frame__error" role="alert">
      {text}
    </p>
  );
}
