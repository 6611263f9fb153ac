import { describe, expect, it } from 'vitest';
import { DEFAULT_FAVICON_FILE, siteIcon, siteIconFiles } from './site-icon.ts';

const files = (...paths: string[]) => new Map(paths.map((p) => [p, `/site/content/public${p}`]));

describe('siteIcon', () => {
  it('is the configured favicon, under the base URL, with its type', () => {
    const config = { favicon: '/img/logo.svg', baseUrl: '/docs-site/' };
    expect(siteIcon(config, files('/favicon.ico'))).toEqual({ href: '/docs-site/img/logo.svg', type: 'image/svg+xml' });
    expect(siteIcon({ favicon: 'img/favicon.ico', baseUrl: '/' }, files())).toEqual({ href: '/img/favicon.ico', type: 'image/x-icon' });
    expect(siteIcon({ favicon: 'https://cdn.example/icon', baseUrl: '/b/' }, files())).toEqual({ href: 'https://cdn.example/icon' });
    expect(siteIconFiles(config, files())).toEqual([]);
  });

  it('is a favicon kept at the root of content/public when none is configured, SVG first', () => {
    expect(siteIcon({ baseUrl: '/b/' }, files('/favicon.ico', '/favicon.svg'))).toEqual({ href: '/b/favicon.svg', type: 'image/svg+xml' });
    expect(siteIcon({ baseUrl: '/' }, files('/favicon.ico', '/img/favicon.svg'))).toEqual({ href: '/favicon.ico', type: 'image/x-icon' });
    expect(siteIconFiles({ baseUrl: '/' }, files('/favicon.png'))).toEqual([]);
  });

  it("is protodocs' own otherwise, which the build then writes", () => {
    expect(DEFAULT_FAVICON_FILE).toMatch(/^assets\/favicon\.[0-9a-f]{10}\.svg$/);
    expect(siteIcon({ baseUrl: '/b/' }, files('/img/favicon.svg'))).toEqual({ href: `/b/${DEFAULT_FAVICON_FILE}`, type: 'image/svg+xml' });
    const [[rel, svg]] = siteIconFiles({ baseUrl: '/b/' }, files());
    expect(rel).toBe(DEFAULT_FAVICON_FILE);
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  });
});
