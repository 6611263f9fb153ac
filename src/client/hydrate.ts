// The hydration runtime: `hydrate.[hash].js`, loaded by the loader (src/client/loader.ts) when the browser is idle or
// at the first interaction with a widget. Each island becomes its own React root, hydrated with the component and the
// JSON props the server rendered it with, inside an error boundary so one failing widget never blanks the page.

import { Component, createElement, Fragment, useEffect, useRef, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element, Root>();
/** Island elements whose roots were unmounted on purpose. */
const discarded = new WeakSet<HTMLElement>();

/** Calls `onReady` once the island's first commit and its effects are done. */
function IslandShell({ onReady, children }: { onReady: () => void; children?: ReactNode }) {
  useEffect(() => {
    const timer = setTimeout(onReady, 0);
    return () => clearTimeout(timer);
  }, [onReady]);
  return children;
}

interface BoundaryProps {
  name: string;
  children?: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  /** Bumped by "Try again" so the widget remounts with fresh state. */
  attempt: number;
}

/** SPEC §4 crash state: "This page crashed.", the error message and "Try again", which clears the crash. */
export class IslandBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (error) {
      return createElement(CrashFallback, {
        error,
        onReset: () => this.setState((state) => ({ error: null, attempt: state.attempt + 1 })),
      });
    }
    return createElement(Fragment, { key: attempt }, this.props.children);
  }
}

function CrashFallback({ error, onReset }: { error: Error; onReset: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // Focus was on something inside the widget that is gone now.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) button.current?.focus();
  }, []);
  return createElement(
    'div',
    {
      className: 'pd-crash',
      role: 'alert',
      // React applies `style` through the CSSOM, which the CSP allows.
      style: {
        margin: '0.5rem 0',
        padding: '0.75rem 1rem',
        border: '1px solid var(--pd-adm-danger-border, #dc2626)',
        borderRadius: '6px',
        background: 'var(--pd-adm-danger-bg, #fef1f1)',
        color: 'var(--pd-c-text, #1a1d23)',
      },
    },
    createElement('p', { className: 'pd-crash__title', style: { margin: 0, fontWeight: 700, color: 'var(--pd-adm-danger-title, #991b1b)' } }, 'This page crashed.'),
    createElement('p', { className: 'pd-crash__message', style: { margin: '0.25rem 0 0.5rem' } }, error.message),
    createElement('button', { ref: button, type: 'button', className: 'button button--secondary pd-crash__retry', onClick: onReset }, 'Try again'),
  );
}

function isComponent(value: unknown): value is ComponentType<Record<string, unknown>> {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/** Hydrates one island marker. Throws when the chunk has no component to hydrate with. */
export function hydrateIsland(el: HTMLElement, name: string, component: unknown, props: Record<string, unknown>, onReady: () => void): void {
  if (roots.has(el)) {
    setTimeout(onReady, 0);
    return;
  }
  if (!isComponent(component)) throw new Error(`the module of the "${name}" widget has no default export component`);
  const tree = createElement(IslandShell, { onReady }, createElement(IslandBoundary, { name }, createElement(component, props)));
  const root = hydrateRoot(el, tree, {
    // Must match the server render (theme/components/Island.tsx), which may set one through this attribute.
    identifierPrefix: el.dataset.pdIdPrefix,
    onRecoverableError: (error: unknown) => {
      // Unmounting a root that is still hydrating (a navigation right after load) is an "early update" to React;
      // the widget is gone by then, so there is nothing to report.
      if (discarded.has(el)) return;
      console.error(`[protodocs] The "${name}" widget did not hydrate cleanly: ${error instanceof Error ? error.message : String(error)}`);
    },
    onCaughtError: (error: unknown, info: ErrorInfo) => {
      console.error(`[protodocs] The "${name}" widget crashed: ${error instanceof Error ? error.message : String(error)}`, info.componentStack ?? '');
    },
  });
  roots.set(el, root);
}

export function unmountIsland(el: HTMLElement): void {
  const root = roots.get(el);
  if (!root) return;
  discarded.add(el);
  root.unmount();
  roots.delete(el);
}
