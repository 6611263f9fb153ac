// Lazy parts of a widget (for islands): a component whose code loads on first render, with a spinner while it loads
// and, when its chunk fails to load, an error box titled "Page Error" with a Retry button that loads it again.
// Only for client-only parts (a modal's body, a results panel): the server renders nothing for it, so it must not be
// part of what an island renders before hydration.

import { createElement, useEffect, useState, type ComponentType } from 'react';
import { failedScript, retryUrl } from './import-retry.ts';

/** A spinner for React widgets; rotates through the Web Animations API, so no stylesheet is needed. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return createElement('span', {
    className: 'pd-spinner',
    role: 'status',
    'aria-label': label,
    ref: (el: HTMLSpanElement | null) => {
      el?.animate?.([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], { duration: 700, iterations: Infinity });
    },
    style: {
      display: 'inline-block',
      boxSizing: 'border-box',
      width: '1.25em',
      height: '1.25em',
      border: '2px solid currentColor',
      borderRightColor: 'transparent',
      borderRadius: '50%',
      opacity: 0.7,
    },
  });
}

/** "Page Error" with the reason and a Retry button (SPEC §8, page chunk fails to load). */
export function PageError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return createElement(
    'div',
    {
      className: 'pd-page-error',
      role: 'alert',
      style: { padding: '0.75rem 1rem', border: '1px solid var(--pd-adm-danger-border, #dc2626)', borderRadius: '6px', background: 'var(--pd-adm-danger-bg, #fef1f1)', color: 'var(--pd-c-text, #1a1d23)' },
    },
    createElement('p', { className: 'pd-page-error__title', style: { margin: 0, fontWeight: 700, color: 'var(--pd-adm-danger-title, #991b1b)' } }, 'Page Error'),
    createElement('p', { className: 'pd-page-error__message', style: { margin: '0.25rem 0 0.5rem' } }, message),
    createElement('button', { type: 'button', className: 'button button--secondary pd-page-error__retry', onClick: onRetry }, 'Retry'),
  );
}

type Loaded<P> = { default: ComponentType<P> };

/**
 * `const Results = lazyWidget(() => import('./SearchResults.tsx'))`. The module loads on first render; a failed load
 * is logged as a warning and shows Page Error; Retry imports it again.
 */
export function lazyWidget<P extends object>(load: () => Promise<Loaded<P>>, label = 'Loading'): ComponentType<P> {
  let cached: ComponentType<P> | undefined;
  /** The script that failed, where the browser's error names it; retried under a URL of its own (see retryUrl). */
  let failed: string | undefined;
  function LazyWidget(props: P) {
    const [attempt, setAttempt] = useState(0);
    const [loaded, setLoaded] = useState<{ component?: ComponentType<P>; error?: string }>(() => ({ component: cached }));
    useEffect(() => {
      if (cached) return;
      let live = true;
      setLoaded({});
      const loading = attempt > 0 && failed ? (import(retryUrl(failed, attempt)) as Promise<Loaded<P>>) : load();
      loading.then(
        (mod) => {
          cached = mod.default;
          if (live) setLoaded({ component: mod.default });
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          failed ??= failedScript(message);
          console.warn(`[protodocs] A part of this page failed to load: ${message}`);
          if (live) setLoaded({ error: message });
        },
      );
      return () => {
        live = false;
      };
    }, [attempt]);
    if (loaded.component) return createElement(loaded.component, props);
    if (loaded.error !== undefined) return createElement(PageError, { message: loaded.error, onRetry: () => setAttempt((n) => n + 1) });
    return createElement(Spinner, { label });
  }
  return LazyWidget;
}
