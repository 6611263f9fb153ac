import type { NavLink, Pagination as PaginationData } from '../../src/shared/types.ts';
import { Link } from './Link.tsx';

export interface PrevNextProps {
  prev?: NavLink;
  next?: NavLink;
  /** aria-label of the <nav>. */
  label: string;
  prevLabel?: string;
  nextLabel?: string;
}

/** Previous / next cards at the end of a doc or a blog post. */
export function PrevNext({ prev, next, label, prevLabel = 'Previous', nextLabel = 'Next' }: PrevNextProps) {
  if (!prev && !next) return null;
  return (
    <nav className="pagination-nav" aria-label={label}>
      {prev ? (
        <Link className="pagination-nav__link pagination-nav__link--prev" href={prev.href} external={prev.external} rel="prev">
          <span className="pagination-nav__sublabel">{prevLabel}</span>
          <span className="pagination-nav__label">« {prev.label}</span>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link className="pagination-nav__link pagination-nav__link--next" href={next.href} external={next.external} rel="next">
          <span className="pagination-nav__sublabel">{nextLabel}</span>
          <span className="pagination-nav__label">{next.label} »</span>
        </Link>
      )}
    </nav>
  );
}

/** Page links of a paginated blog list. */
export function ListPagination({ pagination }: { pagination: PaginationData }) {
  if (pagination.totalPages <= 1 && !pagination.prev && !pagination.next) return null;
  return (
    <nav className="pagination-nav pagination-nav--list" aria-label="Blog list page navigation">
      {pagination.prev ? (
        <a className="pagination-nav__link pagination-nav__link--prev" href={pagination.prev.href} rel="prev">
          <span className="pagination-nav__label">« {pagination.prev.label || 'Newer entries'}</span>
        </a>
      ) : (
        <span />
      )}
      <span className="pagination-nav__status">
        Page {pagination.page} of {pagination.totalPages}
      </span>
      {pagination.next ? (
        <a className="pagination-nav__link pagination-nav__link--next" href={pagination.next.href} rel="next">
          <span className="pagination-nav__label">{pagination.next.label || 'Older entries'} »</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}
