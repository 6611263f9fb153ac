import type { NavLink } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { ChevronRightIcon, HomeIcon } from './Icons.tsx';
import { isSameUrl } from './url-utils.ts';

export interface BreadcrumbsProps {
  items: NavLink[];
  baseUrl: string;
  url: string;
}

/** Home › category › … › current page. The current page is the last crumb, marked aria-current="page". */
export function Breadcrumbs({ items, baseUrl, url }: BreadcrumbsProps) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol className="breadcrumbs__list">
        <li className="breadcrumbs__item">
          <a className="breadcrumbs__link breadcrumbs__home" href={withBase(baseUrl, '/')} aria-label="Home page">
            <HomeIcon />
          </a>
        </li>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          const current = last && (item.active || !item.href || isSameUrl(item.href, url, baseUrl));
          return (
            <li key={`${item.label}:${index}`} className="breadcrumbs__item">
              <ChevronRightIcon className="breadcrumbs__separator" />
              {current ? (
                <span className="breadcrumbs__link breadcrumbs__link--current" aria-current="page">
                  {item.label}
                </span>
              ) : item.href ? (
                <a className="breadcrumbs__link" href={item.href}>
                  {item.label}
                </a>
              ) : (
                <span className="breadcrumbs__link">{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
