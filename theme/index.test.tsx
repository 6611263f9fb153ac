import { load, type CheerioAPI } from 'cheerio';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR, type RouteData } from '../src/shared/types.ts';
import { renderBody } from './index.tsx';
import { getIsland } from './islands/registry.ts';
import { allRoutes, docRoute, makeSite } from './testing/fixtures.ts';

function render(route: RouteData): CheerioAPI {
  return load(`<!doctype html><html><head></head><body>${renderToString(renderBody(route))}</body></html>`);
}

const FOCUSABLE = 'a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])';

describe('page chrome on every route kind', () => {
  for (const route of allRoutes()) {
    describe(route.kind, () => {
      const $ = render(route);

      it('starts with the skip link, which targets <main id="main">', () => {
        const first = $(FOCUSABLE).first();
        expect(first.attr('href')).toBe('#main');
        expect(first.text()).toBe('Skip to main content');
        expect($('main#main')).toHaveLength(1);
      });

      it('has exactly one h1', () => {
        expect($('h1')).toHaveLength(1);
      });

      it('has the landmarks', () => {
        expect($('header.navbar nav[aria-label="Main"]')).toHaveLength(1);
        expect($('footer.footer')).toHaveLength(1);
        expect($('main')).toHaveLength(1);
      });

      it('opens external links in a new tab', () => {
        $('a[href^="http"]').each((_, el) => {
          const a = $(el);
          if (a.closest('.announcement-bar__content').length) return; // config HTML, passed through as written
          expect(a.attr('target'), a.attr('href')).toBe('_blank');
          expect(a.attr('rel'), a.attr('href')).toBe('noopener noreferrer');
        });
      });

      it('gives every image alt text', () => {
        $('img').each((_, el) => {
          expect($(el).attr('alt')).toBeTruthy();
        });
      });

      it('emits island markers with JSON props that re-render to the same HTML', () => {
        const markers = $(`[${ISLAND_ATTR}]`);
        expect(markers.length).toBeGreaterThan(0);
        markers.each((_, el) => {
          const marker = $(el);
          const name = marker.attr(ISLAND_ATTR)!;
          const component = getIsland(name);
          expect(component, name).toBeDefined();
          expect(marker.hasClass('pd-island')).toBe(true);
          const props = JSON.parse(marker.attr(ISLAND_PROPS_ATTR)!) as Record<string, unknown>;
          const again = load(renderToString(createElement(component!, props)), null, false).html();
          expect(load(marker.html() ?? '', null, false).html()).toBe(again);
        });
      });
    });
  }
});

describe('navbar', () => {
  const $ = render(docRoute());

  it('lists the sidebars, then Blog, in order', () => {
    const labels = $('header.navbar nav[aria-label="Main"] .navbar__link')
      .map((_, el) => $(el).text().trim())
      .get();
    expect(labels).toEqual(['Documentation', 'Protocol', 'SDKs', 'Plugins', 'Blog']);
    expect($('.navbar__link--active').text()).toBe('Documentation');
  });

  it('has logo, title, version and language menus, colour toggle, search and the project link', () => {
    expect($('.navbar__brand img').attr('alt')).toBe('IAIndex logo');
    expect($('.navbar__brand .navbar__title').text()).toBe('IAIndex');
    const islands = $('header.navbar [data-pd-island]')
      .map((_, el) => $(el).attr('data-pd-island'))
      .get();
    // One language: nothing to choose, so no language menu (the docs version dropdown is configured, SPEC §2).
    expect(islands).toEqual(['NavbarMenu', 'VersionMenu', 'ColorModeToggle', 'SearchModal']);
    expect($('.version-menu summary').text()).toContain('v1.0.0');
    const locales = [
      { code: 'en', label: 'English', href: '/docs/intro/', current: true },
      { code: 'fr', label: 'Français', href: '/fr/docs/intro/', current: false },
    ];
    const $$ = render(docRoute({ site: makeSite({ locales }) }));
    expect($$('header.navbar [data-pd-island="LocaleMenu"]')).toHaveLength(1);
    expect($$('.locale-menu a').map((_, el) => $$(el).text()).get()).toEqual(['English', 'Français']);
    const repo = $('a.navbar__icon-link');
    expect(repo.attr('href')).toBe('https://github.com/example/iaindex');
    expect(repo.attr('aria-label')).toBe('GitHub repository');
    expect($('.navbar-search').attr('href')).toMatch(/^\/search\/?$/);
    expect($('.navbar-search kbd').text()).toBe('CtrlK');
  });

  it('renders the mobile menu as a <details> that works without JavaScript', () => {
    const details = $('details.navbar-menu');
    expect(details).toHaveLength(1);
    expect(details.find('> summary').attr('aria-label')).toBe('Toggle navigation bar');
    expect(details.find('.navbar-sidebar .menu__link').first().text()).toBe('Documentation');
    // The secondary menu is the page's own docs sidebar (revealed by CSS), not a copy inside the menu.
    expect(details.find('summary').text()).toContain('Back to main menu');
    expect(details.text()).not.toContain('Domain Verification');
    expect($('a:contains("Domain Verification")')).toHaveLength(1);
    expect($('nav[aria-label="Docs sidebar"]')).toHaveLength(1);
    expect(details.find('[aria-current="page"]')).toHaveLength(0);
  });

  it('hides the colour toggle when the switch is disabled', () => {
    const site = makeSite({ colorMode: { defaultMode: 'dark', respectPrefersColorScheme: false, disableSwitch: true } });
    const $$ = render(docRoute({ site }));
    expect($$('[data-pd-island="ColorModeToggle"]')).toHaveLength(0);
  });

  it('does not repeat the project link when a navbar item already points to it', () => {
    const site = makeSite();
    site.navbar.items.push({ type: 'link', label: 'GitHub', href: 'https://github.com/example/iaindex', external: true, position: 'right' });
    const $$ = render(docRoute({ site }));
    expect($$('a[href="https://github.com/example/iaindex"]').filter('.navbar__link')).toHaveLength(1);
    expect($$('a.navbar__icon-link')).toHaveLength(0);
  });
});

describe('announcement bar', () => {
  it('shows the config HTML and a Close button inside an island', () => {
    const $ = render(docRoute());
    const island = $('[data-pd-island="AnnouncementBar"]');
    expect(island.find('.announcement-bar__content a').text()).toBe('GitHub');
    expect(island.find('button[aria-label="Close"]')).toHaveLength(1);
    expect(JSON.parse(island.attr('data-pd-props')!)).toMatchObject({ id: 'star-1', closable: true, storageKeySuffix: '' });
  });

  it('is absent when the site has none', () => {
    const $ = render(docRoute({ site: makeSite({ announcementBar: undefined }) }));
    expect($('.announcement-bar')).toHaveLength(0);
  });
});

describe('footer', () => {
  const $ = render(docRoute());

  it('has the four groups in order and the copyright line', () => {
    expect($('.footer__title').map((_, el) => $(el).text()).get()).toEqual(['Documentation', 'Developers', 'Community', 'Legal']);
    expect($('.footer__copyright').text()).toBe('Copyright © 2025 Example Ltd.');
  });

  it('opens community links in a new tab', () => {
    const discord = $('.footer a[href="https://discord.gg/example"]');
    expect(discord.attr('target')).toBe('_blank');
    expect(discord.attr('rel')).toBe('noopener noreferrer');
  });
});

describe('base URL', () => {
  it('joins the home, search and not-found links with the base URL', () => {
    const site = makeSite({ baseUrl: '/sub/' });
    const routes = allRoutes().map((route) => ({ ...route, site }) as RouteData);
    const $ = render(routes.find((r) => r.kind === 'not-found')!);
    expect($('.navbar__brand').attr('href')).toBe('/sub/');
    expect($('.navbar-search').attr('href')).toMatch(/^\/sub\/search\/?$/);
    expect($('form.not-found__search').attr('action')).toBe('/sub/search/');
  });
});
