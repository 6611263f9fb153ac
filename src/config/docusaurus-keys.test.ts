import { describe, expect, test } from 'vitest';
import { docusaurusKeyHint, docusaurusValueHint } from './docusaurus-keys.ts';

// A Docusaurus user's config, key by key: each key protodocs spells differently or does without gets a hint that says
// what to do instead.

const DOCUSAURUS_KEYS = [
  'presets', 'plugins', 'themes', 'onBrokenLinks', 'onBrokenMarkdownLinks', 'onBrokenAnchors', 'onDuplicateRoutes',
  'organizationName', 'projectName', 'deploymentBranch', 'githubHost', 'trailingSlash', 'staticDirectories',
  'customFields', 'scripts', 'stylesheets', 'headTags', 'clientModules', 'algolia', 'prism', 'tableOfContents', 'metadata',
  'docs.editUrl', 'docs.path', 'docs.lastVersion', 'docs.includeCurrentVersion', 'docs.onlyIncludeVersions',
  'docs.showLastUpdateTime', 'docs.showLastUpdateAuthor', 'docs.remarkPlugins', 'docs.rehypePlugins',
  'docs.sidebarCollapsible', 'docs.sidebarCollapsed', 'blog.blogTitle', 'blog.blogDescription', 'blog.blogSidebarTitle',
  'blog.blogSidebarCount', 'blog.showReadingTime', 'blog.feedOptions', 'blog.editUrl', 'blog.authorsMapPath', 'blog.path',
  'blog.remarkPlugins', 'announcementBar.isCloseable', 'announcementBar.backgroundColor', 'announcementBar.textColor',
  'navbar.hideOnScroll', 'navbar.style', 'footer.style', 'colorMode.switchConfig',
];

describe('docusaurusKeyHint', () => {
  test.each(DOCUSAURUS_KEYS)('%s has a hint', (key) => {
    const hint = docusaurusKeyHint(key.split('.'), undefined);
    expect(hint).toBeTypeOf('string');
    expect(hint!.length).toBeGreaterThan(15);
  });

  test('renamed keys name the protodocs key', () => {
    expect(docusaurusKeyHint(['blog', 'blogTitle'], 'x')).toBe('protodocs calls it blog.title');
    expect(docusaurusKeyHint(['blog', 'blogDescription'], 'x')).toBe('protodocs calls it blog.description');
    expect(docusaurusKeyHint(['blog', 'blogSidebarTitle'], 'x')).toBe('protodocs calls it blog.sidebarTitle');
    expect(docusaurusKeyHint(['announcementBar', 'isCloseable'], true)).toBe('protodocs calls it announcementBar.closable');
    expect(docusaurusKeyHint(['docs', 'editUrl'], 'x')).toContain('top-level key');
    expect(docusaurusKeyHint(['algolia'], {})).toContain('search.hosted');
  });

  test('array items are matched whatever their index', () => {
    expect(docusaurusKeyHint(['navbar', 'items', 3, 'docId'], 'intro')).toContain("type: 'docSidebar'");
    expect(docusaurusKeyHint(['navbar', 'items', 0, 'activeBaseRegex'], 'x')).toContain('active on every doc of its sidebar');
    expect(docusaurusKeyHint(['footer', 'links', 1, 'items', 2, 'html'], '<b/>')).toBe('footer links take a label and a to or href');
    // The index matters only as "an item": a key of the same name elsewhere has no hint.
    expect(docusaurusKeyHint(['navbar', 'docId'], 'x')).toBeUndefined();
  });

  test('keys protodocs has, or never heard of, get no hint', () => {
    expect(docusaurusKeyHint(['title'], 'x')).toBeUndefined();
    expect(docusaurusKeyHint(['docs', 'routeBasePath'], 'x')).toBeUndefined();
    expect(docusaurusKeyHint(['somethingElse'], 1)).toBeUndefined();
    // Not an own key of the table (an Object.prototype name).
    expect(docusaurusKeyHint(['toString'], 1)).toBeUndefined();
    expect(docusaurusKeyHint(['constructor'], 1)).toBeUndefined();
  });

  describe('themeConfig names the keys this config has', () => {
    test('navbar, footer and the rest move to the top level; metadata does not', () => {
      expect(docusaurusKeyHint(['themeConfig'], { navbar: {}, footer: {}, colorMode: {}, announcementBar: {}, image: 'x', metadata: [] })).toBe(
        'protodocs has no themeConfig: move navbar, footer, colorMode, announcementBar, image to the top level',
      );
    });

    test('algolia, prism and tableOfContents are renamed', () => {
      expect(docusaurusKeyHint(['themeConfig'], { algolia: {}, prism: {}, tableOfContents: {} })).toBe(
        'protodocs has no themeConfig: its keys (navbar, footer, colorMode, announcementBar, image) are top-level keys; algolia is search.hosted; prism is highlight; tableOfContents is docs.tocMinDepth/tocMaxDepth',
      );
    });

    test('a themeConfig that is not an object', () => {
      const general = 'protodocs has no themeConfig: its keys (navbar, footer, colorMode, announcementBar, image) are top-level keys';
      expect(docusaurusKeyHint(['themeConfig'], null)).toBe(general);
      expect(docusaurusKeyHint(['themeConfig'], 'x')).toBe(general);
      expect(docusaurusKeyHint(['themeConfig'], { other: 1 })).toBe(general);
    });
  });
});

describe('docusaurusValueHint', () => {
  test.each([
    ['doc', "link one doc with { to: '/docs/<id>', label }, or a whole sidebar with { type: 'docSidebar', sidebarId, label }"],
    ['docsVersion', "a menu of the versions is { type: 'docsVersionDropdown' }"],
    ['dropdown', 'protodocs navbars have no custom dropdowns: list the links as items'],
    ['html', 'navbar items are links and menus only'],
  ])('a navbar item of Docusaurus type %j', (type, hint) => {
    expect(docusaurusValueHint(['navbar', 'items', 4, 'type'], type)).toBe(hint);
  });

  test('only navbar item types, only strings, only Docusaurus types', () => {
    expect(docusaurusValueHint(['navbar', 'items', 0, 'type'], 'link')).toBeUndefined();
    expect(docusaurusValueHint(['navbar', 'items', 0, 'type'], 5)).toBeUndefined();
    expect(docusaurusValueHint(['footer', 'links', 0, 'type'], 'doc')).toBeUndefined();
    expect(docusaurusValueHint(['navbar', 'type'], 'doc')).toBeUndefined();
    expect(docusaurusValueHint(['navbar', 'items', 0, 'type'], 'constructor')).toBeUndefined();
  });
});
