import type { SiteConfig } from '../config/index.ts';
import type { AuthorEntry, BlogFile, ContentSet, InlineAuthor, TagEntry } from '../content/index.ts';
import { problem, type Diagnostics } from '../errors/index.ts';
import { normalizeRoutePath } from '../shared/index.ts';
import { positionOf } from '../content/index.ts';
import { checkUrlKeys, missingTitle } from './source-checks.ts';
import type { ParsedSummary, PostEntry, RouteEntry, RouteTable } from './types.ts';
import { pageRoutePath } from './url-path.ts';

/** The position of a frontmatter value: the list item when the key holds a list, else the key's value. */
function fieldPosition(file: BlogFile, key: string, index?: number): { line: number; column: number } {
  return positionOf(file.positions, index === undefined ? [key] : [key, index], { line: 1, column: 1 });
}

function slugifyKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export interface BlogRoutes {
  posts: PostEntry[];
  routes: RouteEntry[];
  tags: RouteTable['tags'];
  authors: RouteTable['authors'];
}

export function buildBlogRoutes(
  config: SiteConfig,
  files: { file: BlogFile; parsed: ParsedSummary }[],
  content: ContentSet,
  diagnostics: Diagnostics,
): BlogRoutes {
  const base = config.blogPath;
  const posts: PostEntry[] = [];
  for (const { file, parsed } of files) {
    const fm = file.frontmatter;
    const rawDate = fm.date instanceof Date ? fm.date.toISOString() : fm.date ?? file.fileDate;
    const date = rawDate && /^\d{4}-\d{2}-\d{2}/.test(rawDate) ? rawDate.slice(0, 10) : undefined;
    if (!date || Number.isNaN(Date.parse(date))) {
      diagnostics.add(problem('PD2009', { written: rawDate }, { file: file.file, ...fieldPosition(file, 'date') }));
      continue;
    }
    const authors: PostEntry['authors'] = [];
    const authorList = fm.authors === undefined ? [] : Array.isArray(fm.authors) ? fm.authors : [fm.authors];
    for (const author of authorList) {
      if (typeof author === 'string') {
        const known = content.authors.get(author);
        if (known) authors.push(known);
        else
          diagnostics.add(
            problem('PD2006', { author, declared: [...content.authors.keys()] }, { file: file.file, ...fieldPosition(file, 'authors', Array.isArray(fm.authors) ? authorList.indexOf(author) : undefined) }),
          );
      } else {
        const a = author as InlineAuthor;
        authors.push({ key: slugifyKey(a.name), name: a.name, title: a.title, url: a.url, imageUrl: a.image_url, inline: true });
      }
    }
    const tags: TagEntry[] = [];
    for (const tag of fm.tags ?? []) {
      const known = content.tags.get(tag);
      if (known) tags.push(known);
      else if (content.tagsDeclared)
        diagnostics.add(problem('PD2007', { tag, declared: [...content.tags.keys()] }, { file: file.file, ...fieldPosition(file, 'tags', (fm.tags ?? []).indexOf(tag)) }));
      else tags.push({ key: tag, label: tag, permalink: slugifyKey(tag) });
    }
    if (!checkUrlKeys(file, { slug: fm.slug }, diagnostics)) continue;
    const title = fm.title ?? parsed.h1;
    if (title === undefined) {
      diagnostics.add(missingTitle(file));
      continue;
    }
    const slug = (fm.slug ?? file.fileSlug).replace(/^\/+|\/+$/g, '');
    posts.push({
      file,
      parsed,
      slug,
      url: pageRoutePath(base + slug),
      title,
      description: fm.description,
      date,
      authors,
      tags,
    });
  }
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));

  const routes: RouteEntry[] = [];
  posts.forEach((post, i) =>
    routes.push({ kind: 'blog-post', url: post.url, post, newer: posts[i - 1], older: posts[i + 1], source: post.file.file }),
  );

  const perPage = config.blog.postsPerPage;
  const paginate = (
    list: PostEntry[],
    root: string,
    heading: string,
    extra: Partial<Extract<RouteEntry, { kind: 'blog-list' }>> = {},
  ) => {
    const totalPages = Math.max(1, Math.ceil(list.length / perPage));
    const pageUrl = (n: number) => (n === 1 ? root : normalizeRoutePath(`${root}page/${n}`));
    for (let page = 1; page <= totalPages; page++) {
      routes.push({
        kind: 'blog-list',
        url: pageUrl(page),
        heading,
        posts: list.slice((page - 1) * perPage, page * perPage),
        page,
        totalPages,
        prevUrl: page > 1 ? pageUrl(page - 1) : undefined,
        nextUrl: page < totalPages ? pageUrl(page + 1) : undefined,
        ...extra,
      });
    }
  };

  const tags: RouteTable['tags'] = new Map();
  const authors: RouteTable['authors'] = new Map();
  if (posts.length > 0 || content.tagsDeclared || content.authorsDeclared) {
    paginate(posts, base, config.blog.title);
    routes.push({ kind: 'blog-archive', url: normalizeRoutePath(base + 'archive') });
    for (const post of posts) {
      for (const tag of post.tags) {
        const entry = tags.get(tag.key) ?? { ...tag, count: 0, posts: [] };
        entry.count++;
        entry.posts.push(post);
        tags.set(tag.key, entry);
      }
      for (const author of post.authors) {
        if (!('pageSlug' in author) || !author.pageSlug) continue;
        const entry = authors.get(author.key) ?? { ...author, count: 0, posts: [] };
        entry.count++;
        entry.posts.push(post);
        authors.set(author.key, entry);
      }
    }
    for (const author of content.authors.values()) {
      if (author.pageSlug && !authors.has(author.key)) authors.set(author.key, { ...author, count: 0, posts: [] });
    }
    routes.push({ kind: 'blog-tags', url: normalizeRoutePath(base + 'tags') });
    for (const tag of tags.values()) {
      paginate(tag.posts, pageRoutePath(`${base}tags/${tag.permalink}`), `${tag.count} post${tag.count === 1 ? '' : 's'} tagged with "${tag.label}"`, {
        tag,
      });
    }
    routes.push({ kind: 'blog-authors', url: normalizeRoutePath(base + 'authors') });
    for (const author of authors.values()) {
      paginate(author.posts, pageRoutePath(`${base}authors/${author.pageSlug}`), `Posts by ${author.name}`, { author });
    }
  }
  return { posts, routes, tags, authors };
}

export type { AuthorEntry };
