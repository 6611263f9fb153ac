// The only inline script of a page: it runs in <head> before first paint, so the page never flashes the wrong
// colour mode or a dismissed announcement bar. render/ puts its sha256 in the Content-Security-Policy, so the text
// must depend on the options only (no dates, no randomness).

import { storageKeys } from './storage-keys.ts';

export type ColorMode = 'light' | 'dark';
export type ColorModeChoice = ColorMode | 'system';

export interface ColorModeScriptOptions {
  storageKeySuffix: string;
  defaultMode: ColorMode;
  respectPrefersColorScheme: boolean;
  /** Id of the announcement bar, when the site has one. */
  announcementBarId?: string;
}

/**
 * Text of the head script. It sets on <html>:
 * - `data-theme`: the mode to paint, 'light' | 'dark';
 * - `data-theme-choice`: what the reader chose, 'light' | 'dark' | 'system';
 * - `data-announcement-dismissed`: present when the stored dismissed id equals the current bar id.
 */
export function colorModeScript(options: ColorModeScriptOptions): string {
  const keys = storageKeys(options.storageKeySuffix);
  const config = {
    k: keys.theme,
    d: options.defaultMode === 'dark' ? 'dark' : 'light',
    r: options.respectPrefersColorScheme === true,
    a: options.announcementBarId ?? null,
    ak: keys.announcementDismiss,
  };
  // Kept ES5 and tiny on purpose. Every storage or matchMedia access is guarded: storage may throw.
  return (
    '(function(){var c=' +
    JSON.stringify(config).replace(/</g, '\\u003c') +
    ',e=document.documentElement,s=null;' +
    'function o(){try{return window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}catch(x){return "light"}}' +
    'try{s=window.localStorage.getItem(c.k)}catch(x){}' +
    'if(s!=="light"&&s!=="dark"&&s!=="system")s=c.r?"system":c.d;' +
    'e.dataset.theme=s==="system"?o():s;e.dataset.themeChoice=s;' +
    'if(c.a!==null){try{if(window.localStorage.getItem(c.ak)===c.a)e.dataset.announcementDismissed=""}catch(x){}}' +
    '})();'
  );
}
