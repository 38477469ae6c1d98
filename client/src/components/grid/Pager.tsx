import { Icon } from '../icons/Icon';
import { pageCount, pagerPages } from './gridModel';

export interface PagerProps {
  total: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/** The spec's pager: first/previous, three page buttons, next/last, page size, item range. */
export function Pager({ total, page, pageSize, pageSizes, onPage, onPageSize }: PagerProps) {
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="pager" aria-label="Pagination">
      <div className="pager__buttons">
        <button
          type="button"
          className="icon-button"
          aria-label="First page"
          disabled={page === 0}
          onClick={() => onPage(0)}
        >
          <Icon name="first" size={18} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Previous page"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
        >
          <Icon name="chevronLeft" size={18} />
        </button>
        {pagerPages(page, pages).map((p) => (
          <button
            type="button"
            key={p}
            className={`pager__page${p === page ? ' is-current' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p + 1}`}
            onClick={() => onPage(p)}
          >
            {p + 1}
          </button>
        ))}
        <button
          type="button"
          className="icon-button"
          aria-label="Next page"
          disabled={page >= pages - 1}
          onClick={() => onPage(page + 1)}
        >
          <Icon name="chevronRight" size={18} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Last page"
          disabled={page >= pages - 1}
          onClick={() => onPage(pages - 1)}
        >
          <Icon name="last" size={18} />
        </button>
      </div>
      <label className="pager__size">
        <select
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
          aria-label="Items per page"
        >
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <span>items per page</span>
      </label>
      <span className="pager__info" aria-live="polite">
        {from} - {to} of {total} items
      </span>
    </nav>
  );
}
