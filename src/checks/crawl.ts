import type * as Linkinator from 'linkinator';
import type { LinkResult } from 'linkinator';
import { Parser } from 'htmlparser2';
import { didYouMean, positionAt, problem, type Diagnostic } from '../errors/index.ts';
import { importModule } from '../files/index.ts';

/**
 * `protodocs check`: crawls the built site on a local server and turns every broken link, asset or fragment into a
 * PD5003 diagnostic at the source file of the page that contains it. The build-time checks only see markdown links;
 * this sees what the browser sees, including links in page modules, raw HTML, the theme and the config.
 */
export interface CrawlOptions {
  /** Origin of the server the site is served on, e.g. "http://127.0.0.1:43121". */
  origin: string;
  /** "/" or "/sub/", as in the config. */
  baseUrl: string;
  /** URL paths of every HTML page (base included): each one is a crawl start, so orphan pages are checked too. */
  pages: readonly string[];
  /** Output HTML file → source file (BuildResult.manifest). */
  manifest: Readonly<Record<string, string>>;
  /**
   * The site's production URL (config.url) with the base. Absolute links under it (canonical, og:url, feeds) are
   * never fetched: the deployed site may be older than this build or not exist yet, and the same pages are crawled
   * locally anyway.
   */
  siteUrl?: string;
  /** Check links to other sites too (slow, and flaky on CI). */
  external?: boolean;
  /** Source text by file, to find the line of a broken link. */
  readSource?: (file: string) => string | undefined;
  timeoutMs?: number;
  concurrency?: number;
}

export interface CrawlReport {
  diagnostics: Diagnostic[];
  /** HTML pages crawled. */
  pages: number;
  /** Distinct URLs checked. */
  links: number;
}

interface FoundLink {
  tag: string;
  attribute: string;
  /** The attribute value as written (entities decoded). */
  raw: string;
  /** Absolute URL, fragment removed. */
  target: string;
  fragment?: string;
}

interface ScannedPage {
  ids: Set<string>;
  links: FoundLink[];
}

/** A broken reference before it becomes a diagnostic. */
interface Problem {
  page: string;
  target: string;
  link?: FoundLink;
  what: string;
  hint: string;
  search: string[];
}

const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
};

function srcsetUrls(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim().split(/\s+/)[0])
    .filter(Boolean);
}

/**
 * Ids and outgoing URLs of one HTML page, read with htmlparser2: start tags and their decoded attributes, with
 * comments and the raw text of <script>/<style> skipped the way a browser skips them.
 */
export function scanHtml(html: string, pageUrl: string): ScannedPage {
  const ids = new Set<string>();
  const found: { tag: string; attribute: string; raw: string }[] = [];
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (attributes.id) ids.add(attributes.id);
        if (tag === 'a' && attributes.name) ids.add(attributes.name);
        if (tag === 'base' && attributes.href) {
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {
            // An unparseable <base> is ignored by browsers too.
          }
        }
        const hintsOnly = tag === 'link' && /\b(?:preconnect|dns-prefetch)\b/.test((attributes.rel ?? '').toLowerCase());
        for (const attribute of URL_ATTRIBUTES[tag] ?? []) {
          const value = attributes[attribute];
          if (value === undefined || hintsOnly) continue;
          for (const raw of attribute === 'srcset' ? srcsetUrls(value) : [value.trim()]) found.push({ tag, attribute, raw });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  const links: FoundLink[] = [];
  for (const f of found) {
    let url: URL;
    try {
      url = new URL(f.raw, base);
    } catch {
      continue;
    }
    const fragment = url.hash ? safeDecode(url.hash.slice(1)) : undefined;
    url.hash = '';
    links.push({ ...f, target: url.href, fragment });
  }
  return { ids, links };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** "/docs/intro/" → "docs/intro/index.html", relative to the output folder, base removed. */
function outputFileOf(pathname: string, baseUrl: string): string | undefined {
  const base = baseUrl.endsWith('/') ? baseUrl : baseUrl + '/';
  const p = safeDecode(pathname);
  if (!p.startsWith(base) && p + '/' !== base) return undefined;
  const rel = p.slice(base.length);
  return rel === '' || rel.endsWith('/') ? rel + 'index.html' : rel;
}

function verbOf(link: FoundLink | undefined): string {
  if (!link) return 'references';
  if (link.tag === 'a' || link.tag === 'area') return 'links to';
  if (link.tag === 'img' || link.tag === 'source' || link.attribute === 'poster') return 'shows the image';
  if (link.tag === 'script') return 'loads the script';
  if (link.tag === 'link') return 'references';
  return 'embeds';
}

async function inPool<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** Crawls the site and returns one diagnostic per broken reference, at its source file when the manifest knows it. */
export async function crawlSite(options: CrawlOptions): Promise<CrawlReport> {
  const origin = options.origin.replace(/\/$/, '');
  const local = (url: string) => url === origin || url.startsWith(origin + '/');
  const shown = (url: string) => {
    if (!local(url)) return url;
    const u = new URL(url);
    return safeDecode(u.pathname) + u.search + (u.hash ? safeDecode(u.hash) : '');
  };
  const timeout = options.timeoutMs ?? 15_000;
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : options.baseUrl + '/';
  const production = options.siteUrl ? new RegExp(`^${escapeRegExp(options.siteUrl.replace(/\/+$/, '') + base)}`, 'i') : undefined;

  // Loaded on demand: build() imports this folder, and linkinator with its HTTP stack is only needed by check.
  const { LinkChecker, LinkState } = await importModule<typeof Linkinator>('linkinator');
  const checker = new LinkChecker();
  const broken: LinkResult[] = [];
  const crawled = new Set<string>();
  const checked = new Set<string>();
  checker.on('link', (result) => {
    if (result.state !== LinkState.SKIPPED) checked.add(result.url);
    if (result.state === LinkState.BROKEN) broken.push(result);
  });
  checker.on('pagestart', (url) => crawled.add(String(url)));
  const starts = options.pages.map((p) => origin + p);
  if (starts.length) {
    await checker.check({
      path: starts,
      recurse: true,
      checkCss: true,
      // Fragments are checked below: linkinator validates a fragment only if the target page is crawled after the
      // link was seen, and reports it against the wrong parent.
      checkFragments: false,
      timeout,
      concurrency: options.concurrency ?? 32,
      retryErrors: options.external === true,
      retryErrorsCount: 2,
      // Local-only crawls never need a proxy, and linkinator sends everything through $HTTP(S)_PROXY, loopback
      // included. Its insecure agent is its only proxy-free path; certificates are moot over loopback http.
      allowInsecureCerts: options.external !== true,
      linksToSkip: async (url: string) => !local(url) && (options.external !== true || production?.test(url) === true),
    });
  }

  // Scan every crawled HTML page once: its ids answer fragments, its links say where a broken URL was written.
  const scans = new Map<string, Promise<ScannedPage | undefined>>();
  const scan = (url: string): Promise<ScannedPage | undefined> => {
    let pending = scans.get(url);
    if (!pending) {
      pending = (async () => {
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(timeout) });
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.includes('html')) {
            await response.body?.cancel();
            return undefined;
          }
          return scanHtml(await response.text(), response.url || url);
        } catch {
          return undefined;
        }
      })();
      scans.set(url, pending);
    }
    return pending;
  };
  const candidates = [...new Set([...starts, ...crawled].filter(local))];
  const pages: string[] = [];
  await inPool(candidates, 16, async (url) => {
    if (await scan(url)) pages.push(url);
  });
  pages.sort();

  const problems: Problem[] = [];
  const seen = new Set<string>();
  // linkinator also crawls the body of a 404 answer (our 404.html); its links are not the linking page's problem.
  const brokenPages = new Set(broken.map((r) => r.url));
  for (const result of broken) {
    const page = result.parent ?? '';
    if (brokenPages.has(page)) continue;
    const key = `${page}\0${result.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const scanned = page ? await scan(page) : undefined;
    const link = scanned?.links.find((l) => l.target === result.url);
    const status = result.status ?? 0;
    const failure = result.failureDetails?.find((d): d is Error => d instanceof Error)?.message;
    const outcome = status > 0 ? `returns ${status}` : `could not be fetched${failure ? ` (${failure})` : ''}`;
    const internal = local(result.url);
    problems.push({
      page,
      target: result.url,
      link,
      what: `${verbOf(link)} ${shown(result.url)}, which ${outcome}.`,
      hint: !internal
        ? 'the other site did not answer with a page; update the link or remove it'
        : link && (link.tag === 'a' || link.tag === 'area')
          ? 'no page or file has that URL; fix the link, or add the page (or a file under content/public/)'
          : 'no file is served at that path; files under content/public/ are served from the site root',
      search: searchTermsFor(link, result.url, options.baseUrl, origin),
    });
  }

  // Fragments of same-site links must name an element id (or <a name>) on the target page.
  for (const page of pages) {
    const scanned = await scan(page);
    for (const link of scanned?.links ?? []) {
      const targetUrl = link.target;
      if ((link.tag !== 'a' && link.tag !== 'area') || !link.fragment || !local(targetUrl)) continue;
      if (link.fragment.startsWith(':~:') || link.fragment.toLowerCase() === 'top') continue;
      const target = targetUrl === page ? scanned : await scan(targetUrl);
      if (!target || target.ids.has(link.fragment)) continue;
      const key = `${page}\0${targetUrl}#${link.fragment}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({
        page,
        target: `${targetUrl}#${link.fragment}`,
        link,
        what: `links to ${shown(targetUrl)}#${link.fragment}, but ${shown(targetUrl)} has no element with id "${link.fragment}".`,
        hint: anchorHint(link.fragment, target.ids),
        search: [link.raw, `#${link.fragment}`],
      });
    }
  }

  return { diagnostics: toDiagnostics(problems, options, shown), pages: pages.length, links: checked.size };
}

function searchTermsFor(link: FoundLink | undefined, url: string, baseUrl: string, origin: string): string[] {
  const terms: string[] = [];
  if (link) {
    terms.push(link.raw);
    const base = baseUrl.replace(/\/$/, '');
    if (base && link.raw.startsWith(base + '/')) terms.push(link.raw.slice(base.length));
  }
  if (url.startsWith(origin)) {
    const pathname = safeDecode(new URL(url).pathname);
    terms.push(pathname, pathname.replace(/\/$/, ''));
  }
  return terms.filter((t) => t.length > 1);
}

function anchorHint(fragment: string, ids: ReadonlySet<string>): string {
  const suggestion = didYouMean(fragment, ids);
  return suggestion ? `did you mean #${suggestion}?` : 'heading ids are the heading text in lower case with dashes; custom ones are set with {#id}';
}

/** A URL broken on more pages than this is reported once: it almost certainly comes from shared chrome. */
const SHARED_THRESHOLD = 10;

function toDiagnostics(problems: Problem[], options: CrawlOptions, shown: (url: string) => string): Diagnostic[] {
  const byTarget = new Map<string, Problem[]>();
  for (const p of problems) {
    const list = byTarget.get(p.target) ?? [];
    list.push(p);
    byTarget.set(p.target, list);
  }
  const out: Diagnostic[] = [];
  // Pages that share a source (a docs index and its main doc) would report one mistake twice.
  const reported = new Set<string>();
  for (const group of byTarget.values()) {
    group.sort((a, b) => a.page.localeCompare(b.page));
    const shared = group.length > SHARED_THRESHOLD;
    for (const p of shared ? group.slice(0, 1) : group) {
      const pagePath = p.page ? shown(p.page) : '(start)';
      const outFile = p.page && p.page.startsWith(options.origin) ? outputFileOf(new URL(p.page).pathname, options.baseUrl) : undefined;
      const file = outFile ? options.manifest[outFile] : undefined;
      const source = file ? options.readSource?.(file) : undefined;
      let position = { line: 1, column: 1 };
      if (source !== undefined) {
        for (const term of p.search) {
          const at = source.indexOf(term);
          if (at >= 0) {
            position = positionAt(source, at);
            break;
          }
        }
      }
      if (file) {
        const key = `${file}:${position.line}:${position.column}\0${p.target}`;
        if (reported.has(key)) continue;
        reported.add(key);
      }
      out.push(problem('PD5003', { page: pagePath, what: p.what, hint: p.hint, sharedBy: shared ? group.length : undefined }, file ? { file, ...position } : {}));
    }
  }
  return out;
}
