// Asking again for a script whose dynamic import failed. A browser may keep a failed import as failed for its URL
// (Chromium 150 does), so a retry asks for the script under a URL of its own; what the script imports keeps its URL.
// Used by the island scheduler (islands.ts, before React loads) and by lazy widgets (lazy.ts).

/** The script's URL for its `attempt`-th retry (the first load, 0, is the URL itself). */
export function retryUrl(url: string, attempt: number): string {
  return attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}`;
}

/**
 * The script a failed dynamic import names: Chromium ("Failed to fetch dynamically imported module: URL") and Firefox
 * ("error loading dynamically imported module: URL") put its URL last. Only a script of this origin is taken.
 */
export function failedScript(message: string): string | undefined {
  const url = /(https?:\/\/\S+\.js)\s*$/.exec(message)?.[1];
  return url && typeof location !== 'undefined' && new URL(url).origin === location.origin ? url : undefined;
}
