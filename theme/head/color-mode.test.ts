import { describe, expect, it } from 'vitest';
import { colorModeScript, type ColorModeScriptOptions } from './color-mode.ts';
import { storageKeys } from './storage-keys.ts';

interface Env {
  stored?: Record<string, string>;
  /** The OS preference; undefined = the OS states none. */
  os?: 'light' | 'dark';
  /** localStorage throws on access (blocked storage). */
  blocked?: boolean;
  noMatchMedia?: boolean;
}

/** Runs the script text against a fake document/localStorage/matchMedia and returns <html>'s dataset. */
function run(options: ColorModeScriptOptions, env: Env = {}): Record<string, string> {
  const dataset: Record<string, string> = {};
  const document = { documentElement: { dataset } };
  const localStorage = {
    getItem(key: string): string | null {
      if (env.blocked) throw new Error('SecurityError');
      return env.stored?.[key] ?? null;
    },
  };
  const window: Record<string, unknown> = { localStorage };
  if (!env.noMatchMedia) {
    window.matchMedia = (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' ? env.os === 'dark' : query === '(prefers-color-scheme: light)' && env.os === 'light',
    });
  }
  new Function('window', 'document', 'localStorage', colorModeScript(options))(window, document, localStorage);
  return dataset;
}

const respect: ColorModeScriptOptions = { storageKeySuffix: '', defaultMode: 'light', respectPrefersColorScheme: true };
const fixed: ColorModeScriptOptions = { storageKeySuffix: '', defaultMode: 'dark', respectPrefersColorScheme: false };

describe('colorModeScript', () => {
  it('uses a stored light or dark choice', () => {
    expect(run(respect, { stored: { theme: 'dark' }, os: 'light' })).toEqual({ theme: 'dark', themeChoice: 'dark' });
    expect(run(fixed, { stored: { theme: 'light' }, os: 'dark' })).toEqual({ theme: 'light', themeChoice: 'light' });
  });

  it('follows the OS for a stored "system" choice', () => {
    expect(run(fixed, { stored: { theme: 'system' }, os: 'dark' })).toEqual({ theme: 'dark', themeChoice: 'system' });
    expect(run(fixed, { stored: { theme: 'system' }, os: 'light' })).toEqual({ theme: 'light', themeChoice: 'system' });
    expect(run(fixed, { stored: { theme: 'system' } })).toEqual({ theme: 'light', themeChoice: 'system' });
  });

  it('without a stored choice, respects the OS preference when asked to (light when it states none)', () => {
    expect(run(respect, { os: 'dark' })).toEqual({ theme: 'dark', themeChoice: 'system' });
    expect(run(respect, { os: 'light' })).toEqual({ theme: 'light', themeChoice: 'system' });
    expect(run(respect, {})).toEqual({ theme: 'light', themeChoice: 'system' });
  });

  it('without a stored choice, uses the default mode otherwise', () => {
    expect(run(fixed, { os: 'light' })).toEqual({ theme: 'dark', themeChoice: 'dark' });
    expect(run({ ...fixed, defaultMode: 'light' }, { os: 'dark' })).toEqual({ theme: 'light', themeChoice: 'light' });
  });

  it('ignores an unknown stored value', () => {
    expect(run(fixed, { stored: { theme: 'purple' } })).toEqual({ theme: 'dark', themeChoice: 'dark' });
  });

  it('uses the storage key suffix', () => {
    const options = { ...respect, storageKeySuffix: '-site2' };
    expect(run(options, { stored: { theme: 'light', 'theme-site2': 'dark' } })).toEqual({ theme: 'dark', themeChoice: 'dark' });
  });

  it('survives blocked storage and a missing matchMedia', () => {
    expect(run(fixed, { blocked: true })).toEqual({ theme: 'dark', themeChoice: 'dark' });
    expect(run(respect, { blocked: true, noMatchMedia: true })).toEqual({ theme: 'light', themeChoice: 'system' });
    expect(run({ ...respect, announcementBarId: 'bar' }, { blocked: true })).toEqual({ theme: 'light', themeChoice: 'system' });
  });

  it('marks the announcement bar dismissed only for the current bar id', () => {
    const options = { ...respect, announcementBarId: 'star-2' };
    expect(run(options, { stored: { 'announcement.dismiss': 'star-2' } }).announcementDismissed).toBe('');
    expect(run(options, { stored: { 'announcement.dismiss': 'star-1' } })).not.toHaveProperty('announcementDismissed');
    expect(run(respect, { stored: { 'announcement.dismiss': 'star-2' } })).not.toHaveProperty('announcementDismissed');
  });

  it('is deterministic and small, so its hash can go in the CSP', () => {
    const a = colorModeScript({ ...respect, announcementBarId: 'x' });
    expect(colorModeScript({ ...respect, announcementBarId: 'x' })).toBe(a);
    expect(a.length).toBeLessThan(1000);
    expect(a).not.toContain('</script');
  });

  it('escapes "<" in the embedded options', () => {
    expect(colorModeScript({ ...respect, announcementBarId: '</script><b>' })).not.toContain('<');
  });
});

describe('storageKeys', () => {
  it('appends the suffix to every key', () => {
    expect(storageKeys('')).toEqual({
      theme: 'theme',
      announcementDismiss: 'announcement.dismiss',
      preferredVersion: 'docs-preferred-version-default',
    });
    expect(storageKeys('-x').theme).toBe('theme-x');
  });
});
