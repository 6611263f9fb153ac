import type { PageDetails, PageText, SearchEntry } from '../src/search-engine/index.ts';

/**
 * The indexed text of one page, read over HTTP as the browser would: the main entry, then page details until the page
 * is found. `get` fetches a URL path and returns the body.
 */
export async function indexedPageText(get: (urlPath: string) => Promise<string>, pageUrl: string, entryUrl = '/search-index/main/entry.json'): Promise<string | undefined> {
  const entry = JSON.parse(await get(entryUrl)) as SearchEntry;
  for (let page = 0; page < entry.pageTypes.length; page++) {
    const details = JSON.parse(await get(`${entry.pages}${page}.json`)) as PageDetails;
    if (details.url === pageUrl) return (JSON.parse(await get(`${entry.pages}${page}.text.json`)) as PageText).texts.join('\n');
  }
  return undefined;
}
