// Instant navigation. Ordinary links keep working without JavaScript; with it, a click on an internal link fetches the
// target page's HTML, swaps <body> and the page's head metadata, pushes history and re-hydrates the islands. There
// is no client router and no page data: the server-rendered HTML is the data. Any failure falls back to a full load.

import { announce, createProgressBar } from './dom-ui.ts';
import { NAVIGATE_EVENT, NAVIGATED_EVENT, type NavigateDetail, type NavigatedDetail } from './events.ts';

export interface NavigationOptions {
  /** The site's base URL ("/" or "/sub/"); only pages under it are routed. */
  base: string;
  /** Runs before the old body is swapped out. */
  beforeSwap(): void;
  /** Runs after the new body is in place, with the fetched document (its <head> holds the new runtime data). */
  afterSwap(doc: Document): void;
}

/** SPEC §9: route changes show a progress bar after 200 ms. */
export const PROGRESS_DELAY_MS = 200;
const CACHE_SIZE = 40;
/** Fetched pages are reused for this long (hover, then click; Back and Forward). */
const CACHE_MS = 5 * 60_000;
/** Head tags that describe the page; swapped on navigation. Everything else in <head> is the same on every page. */
const PAGE_HEAD_TAGS = [
  'meta[name="description"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'meta[name="robots"]',
  'link[rel="prev"]',
  'link[rel="next"]',
].join(', ');

interface FetchedPage {
  html: string;
  /** Final URL after redirects. */
  url: string;
}

interface HistoryState {
  pdScrollY?: number;
}

/** `…/index.html` → `…/` (SPEC §2). */
export function normalizePathname(pathname: string): string {
  return pathname.replace(/\/index\.html$/, '/');
}

/** Save-data or a 2g connection: do not spend bandwidth on pages the reader may not open. */
export function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g';
}

function pageKey(url: URL): string {
  return url.pathname + url.search;
}

function scrollToHash(hash: string): boolean {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Keep the raw id.
  }
  const target = id ? (document.getElementById(id) ?? document.getElementsByName(id)[0]) : undefined;
  if (!target) return false;
  if (!target.hasAttribute('tabindex') && !target.matches('a[href], button, input, select, textarea, summary')) {
    target.setAttribute('tabindex', '-1');
  }
  target.focus({ preventScroll: true });
  // A new page: jump, even where the theme asks for smooth scrolling.
  target.scrollIntoView({ behavior: 'instant' });
  return true;
}

export function startNavigation(options: NavigationOptions): void {
  const base = options.base.endsWith('/') ? options.base : options.base + '/';
  const cache = new Map<string, { page: Promise<FetchedPage>; time: number }>();
  const cached = (key: string): Promise<FetchedPage> | undefined => {
    const entry = cache.get(key);
    if (entry && Date.now() - entry.time > CACHE_MS) cache.delete(key);
    return cache.get(key)?.page;
  };
  const progress = createProgressBar();
  const runtimeSrc = document.querySelector<HTMLScriptElement>('script[data-pd-runtime]')?.src;
  let current = pageKey(new URL(location.href));
  let token = 0;
  let controller: AbortController | undefined;

  // SPEC §2: paths ending in index.html are normalised to the same path without it.
  if (/\/index\.html$/.test(location.pathname)) {
    history.replaceState(history.state, '', normalizePathname(location.pathname) + location.search + location.hash);
    current = pageKey(new URL(location.href));
  }

  // Scroll positions are ours to restore: the body changes under the browser's feet.
  const manual = () => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  };
  manual();
  // Reloads and loads from another document restore natively.
  window.addEventListener('pagehide', () => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'auto';
  });
  window.addEventListener('pageshow', manual);

  const saveScroll = () => {
    const state = (history.state ?? {}) as HistoryState;
    if (state.pdScrollY === window.scrollY) return;
    history.replaceState({ ...state, pdScrollY: window.scrollY }, '');
  };
  let scrollTimer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener(
    'scroll',
    () => {
      clearTimeout(scrollTimer);
      scrollTimer = setTimeout(saveScroll, 150);
    },
    { passive: true },
  );

  /** The URL a link leads to when instant navigation may handle it, else undefined. */
  const routable = (anchor: Element): URL | undefined => {
    const href = anchor.getAttribute('href');
    if (href === null || href === '' || anchor.hasAttribute('download') || anchor.hasAttribute('data-pd-reload')) return undefined;
    const target = anchor.getAttribute('target');
    if (target && target !== '_self') return undefined;
    if (/(^|\s)external(\s|$)/i.test(anchor.getAttribute('rel') ?? '')) return undefined;
    let url: URL;
    try {
      url = new URL(href, location.href);
    } catch {
      return undefined;
    }
    return routableUrl(url);
  };

  const routableUrl = (url: URL): URL | undefined => {
    if (url.origin !== location.origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
    url.pathname = normalizePathname(url.pathname);
    if (!url.pathname.startsWith(base) && url.pathname + '/' !== base) return undefined;
    // Files (feeds, .md, images) are not pages.
    const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    if (/\.[a-z0-9]+$/i.test(last) && !/\.html?$/i.test(last)) return undefined;
    return url;
  };

  const fetchPage = (key: string, init: RequestInit = {}): Promise<FetchedPage> =>
    fetch(key, { credentials: 'same-origin', headers: { Accept: 'text/html' }, ...init }).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const type = response.headers.get('content-type') ?? '';
      if (!/text\/html|application\/xhtml\+xml/.test(type)) throw new Error(`the response is not HTML (${type || 'no content type'})`);
      return { html: await response.text(), url: response.url || key };
    });

  const remember = (key: string, page: Promise<FetchedPage>) => {
    cache.delete(key);
    cache.set(key, { page, time: Date.now() });
    page.catch(() => {
      if (cache.get(key)?.page === page) cache.delete(key);
    });
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  };

  const prefetch = (url: URL) => {
    const key = pageKey(url);
    if (key === current || cached(key) || slowConnection()) return;
    remember(key, fetchPage(key, { priority: 'low' } as RequestInit));
  };

  /** Reads the fetched document's runtime script: a different one means the site was rebuilt since this page loaded. */
  const sameRuntime = (doc: Document): boolean => {
    const script = doc.querySelector<HTMLScriptElement>('script[data-pd-runtime]');
    if (!script || !runtimeSrc) return false;
    if (new URL(script.getAttribute('src') ?? '', location.href).href !== runtimeSrc) return false;
    const sheets = (d: Document) =>
      [...d.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.getAttribute('href') ?? '', location.href).href).join(' ');
    return sheets(doc) === sheets(document);
  };

  const swap = (doc: Document) => {
    document.title = doc.title;
    const title = document.head.querySelector('title');
    for (const el of document.head.querySelectorAll(PAGE_HEAD_TAGS)) el.remove();
    let after: Element | null = title;
    for (const el of doc.head.querySelectorAll(PAGE_HEAD_TAGS)) {
      const copy = document.importNode(el, true);
      if (after) after.after(copy);
      else document.head.append(copy);
      after = copy;
    }
    const html = document.documentElement;
    const lang = doc.documentElement.getAttribute('lang');
    if (lang && html.getAttribute('lang') !== lang) html.setAttribute('lang', lang);
    options.beforeSwap();
    document.body.replaceWith(document.adoptNode(doc.body));
    options.afterSwap(doc);
  };

  const fullLoad = (url: URL, replace: boolean) => {
    if (replace) location.replace(url.href);
    else location.assign(url.href);
  };

  async function navigate(url: URL, mode: { push: boolean; scrollY?: number }): Promise<void> {
    const key = pageKey(url);
    const mine = ++token;
    controller?.abort();
    controller = new AbortController();
    if (mode.push) saveScroll();
    const timer = setTimeout(() => {
      if (mine === token) progress.start();
    }, PROGRESS_DELAY_MS);
    try {
      let page = cached(key);
      if (!page) {
        page = fetchPage(key, { signal: controller.signal });
        remember(key, page);
      }
      const fetched = await page;
      if (mine !== token) return;
      const doc = new DOMParser().parseFromString(fetched.html, 'text/html');
      const finalUrl = new URL(fetched.url, location.href);
      finalUrl.pathname = normalizePathname(finalUrl.pathname);
      finalUrl.hash = url.hash;
      if (!sameRuntime(doc)) {
        fullLoad(finalUrl, !mode.push);
        return;
      }
      if (mode.push) {
        const state: HistoryState = { pdScrollY: 0 };
        if (pageKey(finalUrl) === current) history.replaceState(state, '', finalUrl.href);
        else history.pushState(state, '', finalUrl.href);
      } else if (finalUrl.href !== location.href) {
        history.replaceState(history.state, '', finalUrl.href);
      }
      current = pageKey(finalUrl);
      swap(doc);
      // Back/Forward return to where the reader was; a new visit goes to the hash target, else to the top.
      const restore = !mode.push && typeof mode.scrollY === 'number';
      if (restore || !(finalUrl.hash && scrollToHash(finalUrl.hash))) {
        document.getElementById('main')?.focus({ preventScroll: true });
        window.scrollTo({ top: mode.scrollY ?? 0, behavior: 'instant' });
      }
      announce(document.title);
      window.dispatchEvent(new CustomEvent<NavigatedDetail>(NAVIGATED_EVENT, { detail: { url: location.href } }));
    } catch (error) {
      if (mine !== token) return;
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[protodocs] Could not load ${url.href} in place (${reason}); loading it as a new page.`);
      fullLoad(url, !mode.push);
    } finally {
      clearTimeout(timer);
      if (mine === token) progress.done();
    }
  }

  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a[href], area[href]') : null;
    if (!anchor) return;
    const url = routable(anchor);
    if (!url) return;
    if (pageKey(url) === current && url.hash) {
      // A jump within this page: the browser does it; remember where we were for Back.
      saveScroll();
      return;
    }
    event.preventDefault();
    void navigate(url, { push: true });
  });

  // Preload on hover and touch (SPEC §2), unless the connection is slow or saving data.
  const onIntent = (event: Event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const url = anchor ? routable(anchor) : undefined;
    if (url) prefetch(url);
  };
  document.addEventListener('mouseover', onIntent, { passive: true });
  document.addEventListener('touchstart', onIntent, { passive: true });

  window.addEventListener('popstate', (event) => {
    const url = new URL(location.href);
    const scrollY = ((event.state ?? {}) as HistoryState).pdScrollY;
    if (pageKey(url) === current) {
      // Same page, another hash.
      if (typeof scrollY === 'number') window.scrollTo({ top: scrollY, behavior: 'instant' });
      else if (!(url.hash && scrollToHash(url.hash))) window.scrollTo({ top: 0, behavior: 'instant' });
      return;
    }
    const target = routableUrl(new URL(url.href));
    if (!target) {
      location.reload();
      return;
    }
    void navigate(target, { push: false, scrollY });
  });

  // Islands may ask for a navigation (e.g. a search result chosen with the keyboard).
  window.addEventListener(NAVIGATE_EVENT, (event) => {
    const detail = (event as CustomEvent<NavigateDetail>).detail;
    let url: URL | undefined;
    try {
      url = routableUrl(new URL(detail.url, location.href));
    } catch {
      url = undefined;
    }
    if (!url) return;
    event.preventDefault();
    if (pageKey(url) === current && url.hash) {
      saveScroll();
      location.hash = url.hash;
      return;
    }
    void navigate(url, { push: true });
  });
}
