import { defineConfig } from 'protodocs';

// Every key is described in protodocs' CONFIGURATION.md (node_modules/protodocs/CONFIGURATION.md).
export default defineConfig({
  title: '{{title}}',
  tagline: '{{tagline}}',
  // Where the site will live: canonical links, the sitemap and the feeds use it.
  url: '{{url}}',
  baseUrl: '/',
  favicon: '/img/favicon.svg',
  navbar: {
    title: '{{title}}',
    logo: { src: '/img/favicon.svg', alt: '{{title}} logo' },
    items: [
      { type: 'docSidebar', sidebarId: 'docs', label: 'Docs', position: 'left' },
      { to: '/blog', label: 'Blog', position: 'left' },
      { to: '/about', label: 'About', position: 'left' },
      { type: 'search', position: 'right' },
    ],
  },
  footer: {
    links: [
      {
        title: 'Docs',
        items: [
          { label: 'Introduction', to: '/docs/intro' },
          { label: 'Writing pages', to: '/docs/guides/writing-pages' },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'Blog', to: '/blog' },
          { label: 'About', to: '/about' },
        ],
      },
    ],
    copyright: 'Copyright © {{year}} {{title}}. Built with protodocs.',
  },
  blog: { title: '{{title}} blog', description: 'News from {{title}}.' },
});
