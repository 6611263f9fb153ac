import { useEffect, useState } from 'react';
import { MoonIcon, SunIcon, SystemIcon } from '../components/Icons.tsx';
import { readStorage, storageKeys, writeStorage } from '../head/storage-keys.ts';

export type ColorModeChoice = 'light' | 'dark' | 'system';

export interface ColorModeToggleProps {
  storageKeySuffix: string;
  defaultMode: 'light' | 'dark';
  respectPrefersColorScheme: boolean;
}

const NEXT: Record<ColorModeChoice, ColorModeChoice> = { light: 'dark', dark: 'system', system: 'light' };
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The button's accessible name: the active mode and the one a click switches to. */
export function colorModeLabel(choice: ColorModeChoice): string {
  return `Switch between dark and light mode (currently ${choice} mode; next: ${NEXT[choice]} mode)`;
}

function isChoice(value: unknown): value is ColorModeChoice {
  return value === 'light' || value === 'dark' || value === 'system';
}

function osMode(): 'light' | 'dark' {
  try {
    return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

function apply(choice: ColorModeChoice): void {
  const root = document.documentElement;
  root.dataset.themeChoice = choice;
  root.dataset.theme = choice === 'system' ? osMode() : choice;
}

/**
 * Cycles light → dark → system. The server cannot know the reader's choice, so it renders the default; after mount the
 * choice set by the head script is read from <html data-theme-choice>. CSS shows the matching icon from that same
 * attribute, so the icon is right before hydration too.
 */
export default function ColorModeToggle({ storageKeySuffix, defaultMode, respectPrefersColorScheme }: ColorModeToggleProps) {
  const fallback: ColorModeChoice = respectPrefersColorScheme ? 'system' : defaultMode;
  const [choice, setChoice] = useState<ColorModeChoice>(fallback);

  useEffect(() => {
    const key = storageKeys(storageKeySuffix).theme;
    const stored = document.documentElement.dataset.themeChoice;
    if (isChoice(stored)) setChoice(stored);
    else {
      // The head script did not run (a host's Content-Security-Policy without its hash): apply the stored choice now.
      // Only the first paint is lost; from here on the toggle works as usual.
      const saved = readStorage(key);
      const restored = isChoice(saved) ? saved : fallback;
      apply(restored);
      setChoice(restored);
    }
    // Another tab changed the mode.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== key) return;
      const next = isChoice(event.newValue) ? event.newValue : fallback;
      apply(next);
      setChoice(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKeySuffix, fallback]);

  // In system mode, follow the OS preference live.
  useEffect(() => {
    if (choice !== 'system') return;
    let query: MediaQueryList;
    try {
      query = window.matchMedia(DARK_QUERY);
    } catch {
      return;
    }
    const onChange = () => {
      document.documentElement.dataset.theme = query.matches ? 'dark' : 'light';
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [choice]);

  const onClick = () => {
    const next = NEXT[choice];
    writeStorage(storageKeys(storageKeySuffix).theme, next);
    apply(next);
    setChoice(next);
  };

  const label = colorModeLabel(choice);
  return (
    <button type="button" className="navbar__icon-button color-mode-toggle" aria-label={label} title={label} onClick={onClick}>
      <SunIcon className="color-mode-toggle__icon color-mode-toggle__icon--light" />
      <MoonIcon className="color-mode-toggle__icon color-mode-toggle__icon--dark" />
      <SystemIcon className="color-mode-toggle__icon color-mode-toggle__icon--system" />
    </button>
  );
}
