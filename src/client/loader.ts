// The page runtime, `loader.[hash].js`: the only script that runs before the load event (a module script, so it
// never blocks rendering). It starts instant navigation, analytics, code copy buttons and the table of contents'
// marker, and schedules the islands; React and the widgets load later (src/client/islands.ts). Its settings arrive as
// data attributes on its own script tag, written by the build (src/build/bundle-client.ts), because the CSP allows no
// inline scripts:
//
//   <script type="module" src="/assets/loader.HASH.js" data-pd-runtime data-pd-base="/"
//     data-pd-hydrate="/assets/hydrate.HASH.js" data-pd-islands='{"ColorModeToggle":"/assets/island-….js"}'
//     data-pd-analytics='{"provider":"beacon","endpoint":"/api/pv"}'></script>

import type { AnalyticsData } from '../shared/types.ts';
import { startAnalytics } from './analytics.ts';
import { startCodeCopy } from './code-copy.ts';
import { createIslands } from './islands.ts';
import { startNavigation } from './navigate.ts';
import { startTocSpy } from './toc-spy.ts';

function parseJson<T>(text: string | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    console.warn('[protodocs] Ignoring unreadable runtime data:', text);
    return fallback;
  }
}

function start(script: HTMLScriptElement): void {
  const data = script.dataset;
  const islands = createIslands({
    hydrateUrl: data.pdHydrate ?? '',
    chunks: parseJson<Record<string, string>>(data.pdIslands, {}),
  });
  startNavigation({
    base: data.pdBase ?? '/',
    beforeSwap: () => islands.unmountAll(),
    afterSwap: (doc) => {
      const next = doc.querySelector<HTMLScriptElement>('script[data-pd-runtime]');
      islands.addChunks(parseJson<Record<string, string>>(next?.dataset.pdIslands, {}));
      islands.scan();
    },
  });
  islands.scan();
  startCodeCopy();
  startTocSpy();
  startAnalytics(parseJson<AnalyticsData | undefined>(data.pdAnalytics, undefined));
}

const script = document.querySelector<HTMLScriptElement>('script[data-pd-runtime]');
if (script && !script.dataset.pdStarted) {
  script.dataset.pdStarted = '';
  start(script);
}
