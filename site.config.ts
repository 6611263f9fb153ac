import { defineConfig } from 'protodocs';

export default defineConfig({
  title: 'IAIndex',
  tagline: 'A transparent AI-training attribution protocol: publishers track and verify AI use of their content.',
  url: 'https://docs.iaindex.org',
  baseUrl: '/',
  titleDelimiter: '|',
  favicon: '/img/favicon.svg',
  image: '/img/social-card.png',
  repoUrl: 'https://github.com/claimtec/iaindex',
  editUrl: 'https://github.com/claimtec/iaindex/edit/main/',
  i18n: { defaultLocale: 'en', locales: ['en'], localeConfigs: { en: { label: 'English' } } },
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false },
  announcementBar: {
    id: 'star-iaindex-2025',
    content:
      'If IAIndex helps you, give it a star on <a target="_blank" rel="noopener noreferrer" href="https://github.com/claimtec/iaindex">GitHub</a>.',
    closable: true,
  },
  navbar: {
    title: 'IAIndex',
    logo: { src: '/img/logo.svg', alt: 'IAIndex logo' },
    items: [
      { type: 'docSidebar', sidebarId: 'mainSidebar', label: 'Documentation', position: 'left' },
      { type: 'docSidebar', sidebarId: 'protocolSidebar', label: 'Protocol', position: 'left' },
      { type: 'docSidebar', sidebarId: 'sdksSidebar', label: 'SDKs', position: 'left' },
      { type: 'docSidebar', sidebarId: 'pluginsSidebar', label: 'Plugins', position: 'left' },
      { to: '/blog', label: 'Blog', position: 'left' },
      { type: 'docsVersionDropdown', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { type: 'search', position: 'right' },
      { href: 'https://github.com/claimtec/iaindex', label: 'GitHub', position: 'right' },
    ],
  },
  footer: {
    links: [
      {
        title: 'Documentation',
        items: [
          { label: 'Introduction', to: '/docs/intro' },
          { label: 'Quick Start', to: '/docs/quickstart' },
          { label: 'Protocol', to: '/docs/protocol/schema' },
          { label: 'API Reference', to: '/docs/api/authentication' },
        ],
      },
      {
        title: 'Developers',
        items: [
          { label: 'SDKs', to: '/docs/sdks/nodejs' },
          { label: 'Plugins', to: '/docs/plugins/wordpress' },
          { label: 'Publishers', to: '/docs/publishers/domain-verification' },
        ],
      },
      {
        title: 'Community',
        items: [
          { label: 'GitHub', href: 'https://github.com/claimtec/iaindex' },
          { label: 'Discord', href: 'https://discord.gg/iaindex' },
          { label: 'Twitter', href: 'https://twitter.com/iaindex' },
        ],
      },
      {
        title: 'Legal',
        items: [
          { label: 'Terms of Service', to: '/docs/compliance/terms' },
          { label: 'GDPR Compliance', to: '/docs/compliance/gdpr' },
          { label: 'POPIA Compliance', to: '/docs/compliance/popia' },
        ],
      },
    ],
    copyright: 'Copyright © 2025 IAIndex. Built with protodocs.',
  },
  docs: {
    routeBasePath: 'docs',
    sidebarPath: 'content/sidebars.ts',
    versions: [{ name: 'current', label: 'v1.0.0', mainDoc: 'intro' }],
  },
  blog: {
    title: 'IAIndex blog',
    description: 'News, walkthroughs and design notes from the IAIndex project.',
    postsPerPage: 10,
  },
  search: {
    // The hosted index is named after the product; until real credentials are set the local engine serves search.
    // AI mode answers with `protodocs serve`'s endpoint there, and in the browser from the index on a static host.
    hosted: { appId: '{appId}', apiKey: '{key}', indexName: 'iaindex' },
  },
  // Page views through gtag with IP anonymisation (SPEC §7). The tracking id is given at build time by the deploy
  // environment (PROTODOCS_GTAG_ID); a build without it loads and sends nothing.
  analytics: { provider: 'gtag', anonymizeIp: true },
  highlight: { languages: ['bash', 'json', 'python', 'javascript', 'typescript', 'php', 'ruby'] },
  storage: { keySuffix: '' },
});
