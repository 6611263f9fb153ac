import type { SiteChrome } from '../../src/shared/types.ts';
import { ExternalIcon } from './Icons.tsx';
import { Link } from './Link.tsx';

/** Footer link groups (Documentation, Developers, Community, Legal) and the copyright line. */
export function Footer({ site }: { site: SiteChrome }) {
  const { groups, copyright } = site.footer;
  // No links and no copyright: no empty band at the bottom of every page.
  if (groups.length === 0 && !copyright) return null;
  return (
    <footer className="footer">
      <div className="footer__inner">
        {groups.length > 0 && (
          <div className="footer__groups">
            {groups.map((group) => (
              <div className="footer__group" key={group.title}>
                <h2 className="footer__title">{group.title}</h2>
                <ul className="footer__items">
                  {group.items.map((item) => (
                    <li key={item.href + item.label}>
                      <Link className="footer__link" href={item.href} external={item.external}>
                        {item.label}
                        {item.external && <ExternalIcon className="footer__external" />}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        {copyright && <p className="footer__copyright">{copyright}</p>}
      </div>
    </footer>
  );
}
