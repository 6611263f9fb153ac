import type { NavbarItem, RouteData } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { cls } from './cls.ts';
import { ExternalIcon, GitHubIcon } from './Icons.tsx';
import { Island } from './Island.tsx';
import { Link } from './Link.tsx';
import { navbarMenuProps, repoLinkInItems } from './navbar-model.ts';
import { repoHostName } from './url-utils.ts';

/**
 * The top navbar: menu button (mobile), logo and title, the left items (sidebars, Blog), then on the right the
 * version and language menus, the source-hosting link, the colour-mode toggle and the search button.
 * `.navbar--hidden` is toggled on <header class="navbar"> by the NavbarMenu island on scroll.
 */
export function Navbar({ route }: { route: RouteData }) {
  const { site } = route;
  const items = site.navbar.items;
  const left = items.filter((item) => item.position === 'left');
  const right = items.filter((item) => item.position === 'right' && item.type !== 'search');
  const hasLocaleItem = items.some((item) => item.type === 'localeDropdown');
  const repo = site.repoUrl && !repoLinkInItems(site) ? site.repoUrl : undefined;

  return (
    <header className="navbar" id="pd-navbar">
      <nav className="navbar__inner" aria-label="Main">
        <div className="navbar__items">
          <Island name="NavbarMenu" props={navbarMenuProps(route)} />
          <a className="navbar__brand" href={withBase(site.baseUrl, '/')}>
            {site.navbar.logo && (
              <img className="navbar__logo" src={site.navbar.logo.src} alt={site.navbar.logo.alt} width={32} height={32} />
            )}
            <span className="navbar__title">{site.navbar.title}</span>
          </a>
          <div className="navbar__desktop-only navbar__links">
            {left.map((item, index) => (
              <NavbarEntry key={index} item={item} route={route} />
            ))}
          </div>
        </div>
        <div className="navbar__items navbar__items--right">
          <div className="navbar__desktop-only navbar__links">
            {right.map((item, index) => (
              <NavbarEntry key={index} item={item} route={route} />
            ))}
            {!hasLocaleItem && site.locales.length > 1 && <Island name="LocaleMenu" props={{ locales: site.locales }} />}
            {repo && (
              <Link className="navbar__item navbar__icon-link" href={repo} external aria-label={`${repoHostName(repo)} repository`} title={`${repoHostName(repo)} repository`}>
                {repoHostName(repo) === 'GitHub' ? <GitHubIcon /> : <span>Source</span>}
              </Link>
            )}
          </div>
          {!site.colorMode.disableSwitch && (
            <Island
              name="ColorModeToggle"
              props={{
                storageKeySuffix: site.storageKeySuffix,
                defaultMode: site.colorMode.defaultMode,
                respectPrefersColorScheme: site.colorMode.respectPrefersColorScheme,
              }}
            />
          )}
          <Island name="SearchModal" props={{ baseUrl: site.baseUrl, search: site.search, storageKeySuffix: site.storageKeySuffix }} />
        </div>
      </nav>
    </header>
  );
}

function NavbarEntry({ item, route }: { item: NavbarItem; route: RouteData }) {
  const { site } = route;
  switch (item.type) {
    case 'link':
    case 'docSidebar': {
      const external = item.type === 'link' && item.external;
      return (
        <Link
          className={cls('navbar__item', 'navbar__link', item.active && 'navbar__link--active')}
          href={item.href}
          external={external}
          aria-current={item.active ? 'true' : undefined}
        >
          {item.label}
          {external && <ExternalIcon className="navbar__external" />}
        </Link>
      );
    }
    case 'docsVersionDropdown':
      return site.versions.length > 0 ? (
        <Island name="VersionMenu" props={{ versions: site.versions, storageKeySuffix: site.storageKeySuffix }} />
      ) : null;
    case 'localeDropdown':
      // A one-language site has nothing to choose.
      return site.locales.length > 1 ? <Island name="LocaleMenu" props={{ locales: site.locales }} /> : null;
    case 'search':
      // The search button is always drawn at the end of the navbar.
      return null;
  }
}
