// The island scheduler. It runs before the load event, so it never imports React: it imports the hydration runtime
// and the island chunks lazily, when the browser is idle after load, or at once when the reader interacts with a
// widget. A click on a widget button (or a search shortcut) that arrives before hydration is held and replayed on the
// hydrated widget, so it still takes effect.

import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from '../shared/types.ts';
import { createPageErrorBox, createSpinner, type PageErrorBox } from './dom-ui.ts';
import { retryUrl } from './import-retry.ts';

/** The module `hydrate.[hash].js` (src/client/hydrate.ts). */
export interface HydrationRuntime {
  hydrateIsland(el: HTMLElement, name: string, component: unknown, props: Record<string, unknown>, onReady: () => void): void;
  unmountIsland(el: HTMLElement): void;
}

type State = 'pending' | 'loading' | 'hydrated' | 'error';

interface Island {
  el: HTMLElement;
  name: string;
  state: State;
  /** hydrateRoot was called: the element belongs to a React root until unmounted. */
  mounted?: boolean;
  loading?: Promise<void>;
  /** Interactions that arrived before hydration, replayed once it is done. */
  replays: (() => void)[];
  spinner?: HTMLElement;
  spinnerTimer?: ReturnType<typeof setTimeout>;
  errorBox?: PageErrorBox;
}

export interface IslandsOptions {
  hydrateUrl: string;
  /** Island name → URL of its chunk. */
  chunks: Record<string, string>;
}

export interface Islands {
  /** Finds the island markers in the document and schedules their hydration. */
  scan(): void;
  /** Adds chunk URLs (from a page loaded by instant navigation). */
  addChunks(chunks: Record<string, string>): void;
  /** Unmounts every island root of the current page (before its body is swapped out). */
  unmountAll(): void;
}

/** Global shortcuts that belong to an island: the first press before hydration is replayed to it. */
const SHORTCUT_ISLANDS: Record<string, (event: KeyboardEvent) => boolean> = {
  SearchModal: (event) => {
    if (event.altKey) return false;
    const key = event.key.toLowerCase();
    if (key === 'k' && (event.ctrlKey || event.metaKey)) return true;
    return key === '/' && !event.ctrlKey && !event.metaKey && !isEditable(event.target);
  },
};

/** A spinner appears next to a widget whose hydration the reader is waiting for, after this long. */
const SPINNER_DELAY_MS = 300;
/** Interactions are replayed a moment after hydration, once the widget's effects have settled its state. */
const REPLAY_DELAY_MS = 32;

function isEditable(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Child indices from `root` down to `el`. */
function pathTo(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let node: Element = el; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function resolvePath(root: Element, path: readonly number[]): Element | undefined {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node;
}

function whenIdle(callback: () => void): void {
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 2000 });
    else setTimeout(callback, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

export function createIslands(options: IslandsOptions): Islands {
  const chunks = new Map(Object.entries(options.chunks));
  const islands = new Map<HTMLElement, Island>();
  const modules = new Map<string, Promise<{ default?: unknown }>>();
  let runtime: HydrationRuntime | undefined;
  let runtimeLoading: Promise<HydrationRuntime> | undefined;
  /** 'scheduled' once the idle callback is set; 'done' once it ran (later islands then hydrate at once). */
  let idle: 'no' | 'scheduled' | 'done' = 'no';

  // Failed imports so far, per script: the next is asked for under a URL of its own (see retryUrl).
  const failures = new Map<string, number>();
  const importAgain = (url: string): Promise<unknown> => {
    const failed = failures.get(url) ?? 0;
    const loading = import(retryUrl(url, failed));
    loading.catch(() => failures.set(url, failed + 1));
    return loading;
  };

  const loadRuntime = (): Promise<HydrationRuntime> => {
    runtimeLoading ??= (importAgain(options.hydrateUrl) as Promise<HydrationRuntime>).then(
      (mod) => (runtime = mod),
      (error: unknown) => {
        runtimeLoading = undefined;
        throw error;
      },
    );
    return runtimeLoading;
  };

  const loadChunk = (name: string): Promise<{ default?: unknown }> => {
    let mod = modules.get(name);
    if (!mod) {
      const url = chunks.get(name);
      if (!url) return Promise.reject(new Error(`no script was built for the widget "${name}"`));
      mod = importAgain(url) as Promise<{ default?: unknown }>;
      mod.catch(() => modules.delete(name));
      modules.set(name, mod);
    }
    return mod;
  };

  const setState = (island: Island, state: State) => {
    island.state = state;
    island.el.setAttribute('data-pd-state', state);
  };

  const clearSpinner = (island: Island) => {
    clearTimeout(island.spinnerTimer);
    island.spinnerTimer = undefined;
    island.spinner?.remove();
    island.spinner = undefined;
    island.el.removeAttribute('aria-busy');
  };

  const fail = (island: Island, error: unknown) => {
    setState(island, 'error');
    island.replays = [];
    const reason = message(error);
    console.warn(`[protodocs] The "${island.name}" widget failed to load: ${reason}`);
    if (!islands.has(island.el)) return;
    if (island.errorBox) {
      island.errorBox.setMessage(reason);
      island.errorBox.setLoading(false);
    } else {
      island.errorBox = createPageErrorBox(reason, () => {
        island.errorBox?.setLoading(true);
        void hydrate(island, false);
      });
      island.el.after(island.errorBox.el);
    }
  };

  const ready = (island: Island) => {
    setState(island, 'hydrated');
    island.errorBox?.el.remove();
    island.errorBox = undefined;
    const replays = island.replays;
    island.replays = [];
    if (replays.length > 0) setTimeout(() => replays.forEach((replay) => replay()), REPLAY_DELAY_MS);
  };

  /** The reader is waiting for this widget: show a spinner if it takes a while. */
  const awaited = (island: Island) => {
    if (island.spinnerTimer !== undefined || island.spinner) return;
    island.spinnerTimer = setTimeout(() => {
      if (island.state !== 'loading' || island.errorBox || !islands.has(island.el)) return;
      island.spinner = createSpinner(`Loading ${island.name}`);
      island.el.setAttribute('aria-busy', 'true');
      island.el.after(island.spinner);
    }, SPINNER_DELAY_MS);
  };

  function hydrate(island: Island, interactive: boolean): Promise<void> {
    if (island.state === 'hydrated') return Promise.resolve();
    if (interactive) awaited(island);
    if (island.state === 'loading' && island.loading) return island.loading;
    setState(island, 'loading');
    island.loading = Promise.all([loadRuntime(), loadChunk(island.name)])
      .then(
        ([rt, mod]) =>
          new Promise<void>((resolve, reject) => {
            if (!islands.has(island.el)) return resolve();
            const props = JSON.parse(island.el.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as Record<string, unknown>;
            try {
              island.mounted = true;
              rt.hydrateIsland(island.el, island.name, mod.default, props, () => {
                ready(island);
                resolve();
              });
            } catch (error) {
              reject(error);
            }
          }),
      )
      .catch((error: unknown) => fail(island, error))
      .finally(() => {
        clearSpinner(island);
        island.loading = undefined;
      });
    return island.loading;
  }

  const hydrateAll = () => {
    for (const island of islands.values()) if (island.state === 'pending') void hydrate(island, false);
  };

  const islandOf = (target: EventTarget | null): Island | undefined => {
    const el = target instanceof Element ? target.closest<HTMLElement>(`[${ISLAND_ATTR}]`) : null;
    return el ? islands.get(el) : undefined;
  };

  const waiting = (island: Island | undefined): island is Island =>
    island !== undefined && (island.state === 'pending' || island.state === 'loading');

  // The first interaction with a widget hydrates it right away.
  const onInteraction = (event: Event) => {
    const island = islandOf(event.target);
    if (waiting(island)) void hydrate(island, true);
  };
  for (const type of ['pointerdown', 'touchstart', 'focusin', 'keydown']) {
    document.addEventListener(type, onInteraction, { capture: true, passive: true });
  }

  // A click on a button of a widget that is not hydrated yet: hold it, hydrate, then click the same button again.
  document.addEventListener(
    'click',
    (event) => {
      const island = islandOf(event.target);
      if (!waiting(island) || !(event.target instanceof Element)) return;
      const button = event.target.closest('button, [role="button"]');
      if (!button || !island.el.contains(button) || button.closest('a[href], summary, label')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const path = pathTo(island.el, button);
      island.replays.push(() => {
        const again = resolvePath(island.el, path);
        if (again instanceof HTMLElement && again.isConnected) again.click();
      });
      void hydrate(island, true);
    },
    { capture: true },
  );

  // A global shortcut that belongs to a widget not hydrated yet (Ctrl/Cmd+K for search): hold it and replay it.
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.defaultPrevented) return;
      for (const [name, matches] of Object.entries(SHORTCUT_ISLANDS)) {
        const island = [...islands.values()].find((i) => i.name === name);
        if (!waiting(island) || !matches(event)) continue;
        event.preventDefault();
        event.stopImmediatePropagation();
        const init: KeyboardEventInit = {
          key: event.key,
          code: event.code,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          bubbles: true,
          cancelable: true,
          composed: true,
        };
        const target = event.target instanceof Element && event.target.isConnected ? event.target : document.body;
        island.replays.push(() => (target.isConnected ? target : document.body).dispatchEvent(new KeyboardEvent('keydown', init)));
        void hydrate(island, true);
        return;
      }
    },
    { capture: true },
  );

  return {
    scan() {
      for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)) {
        if (islands.has(el)) continue;
        // A marker inside another island belongs to that island's React tree.
        if (el.parentElement?.closest(`[${ISLAND_ATTR}]`)) continue;
        const island: Island = { el, name: el.getAttribute(ISLAND_ATTR) ?? '', state: 'pending', replays: [] };
        islands.set(el, island);
        setState(island, 'pending');
      }
      if (runtime || idle === 'done') hydrateAll();
      else if (idle === 'no') {
        idle = 'scheduled';
        whenIdle(() => {
          idle = 'done';
          hydrateAll();
        });
      }
    },
    addChunks(more) {
      for (const [name, url] of Object.entries(more)) {
        if (chunks.get(name) !== url) modules.delete(name);
        chunks.set(name, url);
      }
    },
    unmountAll() {
      for (const island of islands.values()) {
        if (island.mounted) runtime?.unmountIsland(island.el);
        island.replays = [];
        clearSpinner(island);
        island.errorBox?.el.remove();
      }
      islands.clear();
    },
  };
}
