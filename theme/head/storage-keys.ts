// localStorage keys shared by the head script (theme/head/color-mode.ts) and the islands.
// Every key ends with the site's `storageKeySuffix` (SiteChrome.storageKeySuffix; empty by default).

export interface StorageKeys {
  /** 'light' | 'dark' | 'system' — the colour-mode choice. */
  theme: string;
  /** The id of the dismissed announcement bar. */
  announcementDismiss: string;
  /** The name of the preferred docs version. */
  preferredVersion: string;
}

export function storageKeys(suffix: string, docsPluginId = 'default'): StorageKeys {
  return {
    theme: 'theme' + suffix,
    announcementDismiss: 'announcement.dismiss' + suffix,
    preferredVersion: `docs-preferred-version-${docsPluginId}` + suffix,
  };
}

/** Reads a key; storage may be blocked (privacy modes, sandboxed frames), so failures read as "not set". */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a key; returns false when storage is unavailable. */
export function writeStorage(key: string, value: string): boolean {
  try {
    window.localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
