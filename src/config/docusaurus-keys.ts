// What Docusaurus users write in docusaurus.config.js that protodocs spells differently or does not need: the hint of
// an unknown-key error names the protodocs way. Paths use `[]` for any array item.

const TOP_LEVEL_THEME_KEYS = ['navbar', 'footer', 'colorMode', 'announcementBar', 'image', 'metadata'];

const KEYS: Readonly<Record<string, string>> = {
  presets:
    "protodocs has no presets: the classic preset's docs and blog options are the top-level docs and blog keys, and the theme is built in",
  plugins: 'protodocs has no plugins: search, sitemap, feeds, the blog and analytics are built in and configured by their own keys',
  themes: 'protodocs has one built-in theme; there is nothing to install',
  onBrokenLinks: 'protodocs always fails the build on a broken link, so there is nothing to set: remove it',
  onBrokenMarkdownLinks: 'protodocs always fails the build on a broken markdown link, so there is nothing to set: remove it',
  onBrokenAnchors: 'protodocs always fails the build on a broken #anchor, so there is nothing to set: remove it',
  onDuplicateRoutes: 'two pages with one URL are always an error in protodocs: remove it',
  organizationName: "protodocs names the project by its URL: set repoUrl: 'https://github.com/<organization>/<project>'",
  projectName: "protodocs names the project by its URL: set repoUrl: 'https://github.com/<organization>/<project>'",
  deploymentBranch: 'protodocs does not deploy: publish the output folder (see "Deploy" in the protodocs README)',
  githubHost: 'protodocs does not deploy: publish the output folder (see "Deploy" in the protodocs README)',
  trailingSlash: 'protodocs always writes <path>/index.html and links with a trailing slash: remove it',
  staticDirectories: 'static files are read from content/public: remove it',
  customFields: 'protodocs has no customFields: a page module gets the site data as props',
  scripts: 'pages run under a strict Content-Security-Policy and load only protodocs scripts: put behaviour in a component that starts with \'use client\'',
  stylesheets: 'pages run under a strict Content-Security-Policy: the theme stylesheet is built in',
  headTags: 'protodocs writes the head itself (description, canonical, social card): set image for the social card',
  clientModules: "pages load only protodocs scripts: put behaviour in a component that starts with 'use client'",
  algolia: 'the hosted search settings are search.hosted: { appId, apiKey, indexName }',
  prism: 'code highlighting is highlight.languages (highlight.js, at build time)',
  tableOfContents: 'the table of contents depth is docs.tocMinDepth and docs.tocMaxDepth',
  metadata: 'protodocs writes the description, canonical and social meta tags itself: set image for the social card',
  'docs.editUrl': 'editUrl is a top-level key in protodocs: it applies to docs and blog posts',
  'docs.path': 'docs are always read from content/docs: remove it',
  'docs.lastVersion': 'docs.versions lists every version, the current one first',
  'docs.includeCurrentVersion': 'docs.versions lists every version, the current one first',
  'docs.onlyIncludeVersions': 'docs.versions lists every version, the current one first',
  'docs.showLastUpdateTime': 'protodocs does not show last-update times: remove it',
  'docs.showLastUpdateAuthor': 'protodocs does not show last-update authors: remove it',
  'docs.remarkPlugins': 'protodocs has no remark plugins: markdown is GitHub-flavoured with admonitions and MDX components',
  'docs.rehypePlugins': 'protodocs has no rehype plugins: markdown is GitHub-flavoured with admonitions and MDX components',
  'docs.sidebarCollapsible': 'categories collapse with collapsed: true on the category in the sidebars module',
  'docs.sidebarCollapsed': 'categories collapse with collapsed: true on the category in the sidebars module',
  'blog.blogTitle': 'protodocs calls it blog.title',
  'blog.blogDescription': 'protodocs calls it blog.description',
  'blog.blogSidebarTitle': 'protodocs calls it blog.sidebarTitle',
  'blog.blogSidebarCount': 'the blog sidebar lists every post, grouped by year: remove it',
  'blog.showReadingTime': 'reading time is always shown: remove it',
  'blog.feedOptions': "the feeds are blog.feeds: ['rss', 'atom', 'json']",
  'blog.editUrl': 'editUrl is a top-level key in protodocs: it applies to docs and blog posts',
  'blog.authorsMapPath': 'authors are read from content/blog/authors.yml: remove it',
  'blog.path': 'posts are always read from content/blog: remove it',
  'blog.remarkPlugins': 'protodocs has no remark plugins: remove it',
  'announcementBar.isCloseable': 'protodocs calls it announcementBar.closable',
  'announcementBar.backgroundColor': 'the bar takes its colours from the theme, in light and dark mode: remove it',
  'announcementBar.textColor': 'the bar takes its colours from the theme, in light and dark mode: remove it',
  'navbar.hideOnScroll': 'the navbar always hides while the reader scrolls down: remove it',
  'navbar.style': 'the navbar follows the colour mode: remove it',
  'navbar.items[].docId': "link one doc with { to: '/docs/<id>', label }, or a whole sidebar with { type: 'docSidebar', sidebarId }",
  'navbar.items[].activeBaseRegex': 'a docSidebar item is active on every doc of its sidebar: remove it',
  'footer.style': 'the footer follows the colour mode: remove it',
  'footer.links[].items[].html': 'footer links take a label and a to or href',
  'colorMode.switchConfig': 'the toggle cycles light, dark and system; colorMode.disableSwitch hides it',
};

/** Docusaurus navbar item types and what to write in protodocs. */
const NAVBAR_TYPES: Readonly<Record<string, string>> = {
  doc: "link one doc with { to: '/docs/<id>', label }, or a whole sidebar with { type: 'docSidebar', sidebarId, label }",
  docsVersion: "a menu of the versions is { type: 'docsVersionDropdown' }",
  dropdown: 'protodocs navbars have no custom dropdowns: list the links as items',
  html: 'navbar items are links and menus only',
};

/** A hint for a key Docusaurus users write, when protodocs has another name or no need for it. */
export function docusaurusKeyHint(keyPath: readonly PropertyKey[], value: unknown): string | undefined {
  const path = keyPath.map((k) => (typeof k === 'number' ? '[]' : String(k))).join('.').replace(/\.\[\]/g, '[]');
  if (path === 'themeConfig') return themeConfigHint(value);
  // Own keys only: `constructor` or `toString` in a config would otherwise find Object.prototype's functions.
  return Object.hasOwn(KEYS, path) ? KEYS[path] : undefined;
}

/** A hint for a Docusaurus value at a key protodocs has, such as a navbar item's type. */
export function docusaurusValueHint(keyPath: readonly PropertyKey[], value: unknown): string | undefined {
  const path = keyPath.map((k) => (typeof k === 'number' ? '[]' : String(k))).join('.').replace(/\.\[\]/g, '[]');
  if (path === 'navbar.items[].type' && typeof value === 'string' && Object.hasOwn(NAVBAR_TYPES, value)) return NAVBAR_TYPES[value];
  return undefined;
}

// themeConfig's keys are spread over protodocs' top level; name the ones this config actually has.
function themeConfigHint(value: unknown): string {
  const keys = value !== null && typeof value === 'object' ? Object.keys(value) : [];
  const moves = keys.filter((k) => TOP_LEVEL_THEME_KEYS.includes(k) && k !== 'metadata');
  const renamed = keys.flatMap((k) => (k === 'algolia' ? ['algolia is search.hosted'] : k === 'prism' ? ['prism is highlight'] : k === 'tableOfContents' ? ['tableOfContents is docs.tocMinDepth/tocMaxDepth'] : []));
  const parts = [
    moves.length ? `move ${moves.join(', ')} to the top level` : 'its keys (navbar, footer, colorMode, announcementBar, image) are top-level keys',
    ...renamed,
  ];
  return `protodocs has no themeConfig: ${parts.join('; ')}`;
}
