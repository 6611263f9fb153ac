import { defineSidebars } from 'protodocs';

// Doc ids are paths under content/docs without the extension. Each sidebar can be linked from the navbar.
export default defineSidebars({
  docs: [
    'intro',
    {
      type: 'category',
      label: 'Guides',
      items: ['guides/writing-pages', 'guides/organising-docs'],
    },
  ],
});
