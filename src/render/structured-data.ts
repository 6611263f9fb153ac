import { isExternalUrl, withBase, type BlogPostRouteData, type DocRouteData, type RouteData } from '../shared/index.ts';

// JSON-LD (schema.org) for the pages search engines show rich results for: a BreadcrumbList on docs pages (the
// trail under the result's title) and a BlogPosting on posts (author, date and image in article results). What goes
// in follows Google's structured-data rules for Breadcrumb and Article: every property they require or recommend
// that the page has data for, and only what the page itself shows.

type JsonLd = Record<string, unknown>;

/** The page's structured data, or undefined for pages that have none. */
export function structuredData(route: RouteData): JsonLd | undefined {
  if (route.kind === 'doc') return breadcrumbList(route);
  if (route.kind === 'blog-post') return blogPosting(route);
  return undefined;
}

/**
 * A `<script type="application/ld+json">` data block. The browser never runs it (so the CSP has nothing to allow),
 * and `<` is written as `\u003c`, so no text in the data (a title with `</script>` in it, say) can end the block.
 */
export function jsonLdScript(data: JsonLd): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

function absolute(route: RouteData, href: string): string {
  return isExternalUrl(href) ? href : route.site.url.replace(/\/$/, '') + href;
}

/**
 * The visible trail: the home page, then each linked crumb down to the page. A category without a page of its own
 * has no URL to give, and Google requires one for every crumb but the last, so it is left out (as Docusaurus does);
 * so is a doc that is the home page itself.
 */
function breadcrumbList(route: DocRouteData): JsonLd {
  const home = withBase(route.site.baseUrl, '/');
  const crumbs = [{ label: route.site.title, href: home }, ...route.breadcrumbs.filter((b) => b.href && b.href !== home)];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absolute(route, crumb.href),
    })),
  };
}

function blogPosting(route: BlogPostRouteData): JsonLd {
  const { post, head } = route;
  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': head.canonical,
    mainEntityOfPage: head.canonical,
    url: head.canonical,
    headline: post.title,
    name: post.title,
    description: head.description,
    // A post has one date; like Hugo's lastmod, the modification date is that date until the post says otherwise.
    datePublished: post.date,
    dateModified: post.date,
    inLanguage: route.site.lang,
  };
  if (post.authors.length) {
    data.author = post.authors.map((author) => {
      const url = author.url ?? author.page;
      const person: JsonLd = { '@type': 'Person', name: author.name };
      if (url) person.url = absolute(route, url);
      if (author.title) person.jobTitle = author.title;
      if (author.imageUrl) person.image = absolute(route, author.imageUrl);
      return person;
    });
  }
  if (head.image) data.image = [head.image];
  if (post.tags.length) data.keywords = post.tags.map((tag) => tag.label);
  return data;
}
