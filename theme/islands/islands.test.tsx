import { load } from 'cheerio';
import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandRoot } from '../components/Island.tsx';
import { renderBody } from '../index.tsx';
import { docRoute, makeSite } from '../testing/fixtures.ts';
import AnnouncementBar from './AnnouncementBar.tsx';
import ColorModeToggle, { colorModeLabel } from './ColorModeToggle.tsx';
import LocaleMenu from './LocaleMenu.tsx';
import NavbarMenu from './NavbarMenu.tsx';
import VersionMenu from './VersionMenu.tsx';
import { islandNames, islands } from './registry.ts';

describe('registry', () => {
  it('names every island after its file', () => {
    expect(islandNames.sort()).toEqual(
      ['AnnouncementBar', 'ColorModeToggle', 'LocaleMenu', 'NavbarMenu', 'SearchModal', 'SearchPage', 'VersionMenu'].sort(),
    );
    expect(islands.NavbarMenu).toBe(NavbarMenu);
  });
});

describe('ColorModeToggle', () => {
  it('says which mode is active and which comes next', () => {
    expect(colorModeLabel('light')).toBe('Switch between dark and light mode (currently light mode; next: dark mode)');
    expect(colorModeLabel('dark')).toContain('(currently dark mode; next: system mode)');
    expect(colorModeLabel('system')).toContain('(currently system mode; next: light mode)');
  });

  it('server-renders the default choice without touching window', () => {
    const $ = load(renderToString(<ColorModeToggle storageKeySuffix="" defaultMode="dark" respectPrefersColorScheme={false} />));
    expect($('button').attr('aria-label')).toBe(colorModeLabel('dark'));
    expect($('button svg')).toHaveLength(3);
    const $$ = load(renderToString(<ColorModeToggle storageKeySuffix="" defaultMode="light" respectPrefersColorScheme />));
    expect($$('button').attr('aria-label')).toBe(colorModeLabel('system'));
  });
});

describe('AnnouncementBar', () => {
  it('renders the content and a Close button when closable', () => {
    const $ = load(renderToString(<AnnouncementBar id="a" content="<b>Hi</b>" closable storageKeySuffix="" />));
    expect($('.announcement-bar__content b').text()).toBe('Hi');
    expect($('button').attr('aria-label')).toBe('Close');
    const $$ = load(renderToString(<AnnouncementBar id="a" content="Hi" closable={false} storageKeySuffix="" />));
    expect($$('button')).toHaveLength(0);
  });
});

describe('NavbarMenu', () => {
  const props = {
    title: 'IAIndex',
    homeHref: '/',
    items: [
      { label: 'Documentation', href: '/docs/intro/', active: true },
      { label: 'GitHub', href: 'https://github.com/x/y', external: true },
    ],
    versions: makeSite().versions,
    locales: makeSite().locales,
    storageKeySuffix: '',
  };

  it('server-renders a <details> menu with the primary menu', () => {
    const $ = load(renderToString(<NavbarMenu {...props} />));
    expect($('details.navbar-menu > summary').attr('aria-label')).toBe('Toggle navigation bar');
    expect($('.navbar-sidebar__menu').first().find('.menu__link').map((_, el) => $(el).text()).get()).toEqual([
      'Documentation',
      'GitHub',
      'v1.0.0',
    ]);
    // Languages appear only when there is a choice.
    const two = [...props.locales, { code: 'fr', label: 'Français', href: '/fr/', current: false }];
    const $$ = load(renderToString(<NavbarMenu {...props} locales={two} />));
    expect($$('.navbar-sidebar__menu').first().find('.menu__link').map((_, el) => $$(el).text()).get().slice(-2)).toEqual(['English', 'Français']);
    expect($('a[href="https://github.com/x/y"]').attr('rel')).toBe('noopener noreferrer');
    expect($('.navbar-sidebar__switch')).toHaveLength(0);
  });

  it('with a secondary menu, server-renders the switch to the main menu and no copy of the sidebar', () => {
    const $ = load(renderToString(<NavbarMenu {...props} secondary={{ title: 'Documentation', label: 'Docs sidebar' }} />));
    const toggle = $('details.navbar-sidebar__switch > summary');
    expect(toggle.find('.navbar-sidebar__switch-back').text()).toBe(' Back to main menu');
    expect(toggle.find('.navbar-sidebar__switch-forward').text()).toBe('Documentation menu ');
    expect($('details.navbar-sidebar__switch .menu__link').first().text()).toBe('Documentation');
    expect($('.navbar-sidebar__switch-title').text()).toBe('Documentation');
    // The page's own sidebar is the secondary menu: the island renders neither its items nor a second labelled nav.
    expect($('nav')).toHaveLength(0);
    expect($.text()).not.toContain('Quick Start');
  });

  it('gets only the title and label of the current docs sidebar from renderBody, which holds the sidebar once', () => {
    const html = renderToString(renderBody(docRoute()));
    const $ = load(html);
    const island = $('[data-pd-island="NavbarMenu"]');
    const islandProps = JSON.parse(island.attr('data-pd-props')!);
    expect(islandProps.secondary).toEqual({ title: 'Documentation', label: 'Docs sidebar' });
    expect(islandProps.items.map((i: { label: string }) => i.label)).toEqual(['Documentation', 'Protocol', 'SDKs', 'Plugins', 'Blog', 'GitHub']);
    // A sidebar-only link appears once in the whole body: in the page's sidebar, not in the island or its props.
    const href = $('nav[aria-label="Docs sidebar"] a.menu__link').last().attr('href')!;
    expect(html.split(`href="${href}"`)).toHaveLength(2);
    expect(island.attr('data-pd-props')).not.toContain(href);
    expect(island.find(`a[href="${href}"]`)).toHaveLength(0);
  });
});

describe('VersionMenu and LocaleMenu', () => {
  it('lists versions in a <details> dropdown that works without JavaScript', () => {
    const versions = [
      { name: 'current', label: 'v1.0.0', href: '/docs/intro/', current: true },
      { name: '0.9', label: 'v0.9', href: '/docs/0.9/intro/', current: false },
    ];
    const $ = load(renderToString(<VersionMenu versions={versions} storageKeySuffix="" />));
    expect($('details summary').text()).toContain('v1.0.0');
    expect($('details a').map((_, el) => $(el).attr('href')).get()).toEqual(['/docs/intro/', '/docs/0.9/intro/']);
    expect($('a[aria-current="true"]').text()).toBe('v1.0.0');
  });

  it('lists locales', () => {
    const $ = load(renderToString(<LocaleMenu locales={makeSite().locales} />));
    expect($('details a').attr('hreflang')).toBe('en');
    expect($('details a').text()).toBe('English');
  });
});

describe('IslandRoot', () => {
  function WithId({ label }: { label: string }) {
    const id = useId();
    return <label htmlFor={id}>{label}</label>;
  }

  it('renders with an identifierPrefix and announces it to the runtime', () => {
    const $ = load(renderToString(<IslandRoot name="WithId" component={WithId} props={{ label: 'x' }} idPrefix="pd-a-" />));
    const marker = $('[data-pd-island="WithId"]');
    expect(marker.attr('data-pd-id-prefix')).toBe('pd-a-');
    expect(marker.find('label').attr('for')).toContain('pd-a-');
    expect(JSON.parse(marker.attr('data-pd-props')!)).toEqual({ label: 'x' });
  });
});
