import type { BuildOptions as EsbuildOptions, Metafile, OutputFile, Plugin } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssetManifest } from '../render/types.ts';
import { escapeHtml, withBase, type AnalyticsData } from '../shared/index.ts';

/** protodocs' own folder: the theme and the client runtime ship with it, not with the site. */
export const PACKAGE_ROOT = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || !existsSync(path.join(dir, 'theme'))) dir = path.dirname(dir);
  return dir;
})();

export interface BundleOptions {
  baseUrl: string;
  /** Islands from MDX components: name → absolute module path. */
  extraIslands: ReadonlyMap<string, string>;
  /** Default true. `false` also bundles React's development build, which reports hydration mismatches in detail. */
  minify?: boolean;
}

/** What a page tells the runtime besides its islands. */
export interface PageScriptData {
  analytics?: AnalyticsData;
}

/** Theme islands are the .tsx files of theme/islands, named by file name. */
export function themeIslands(): Map<string, string> {
  const dir = path.join(PACKAGE_ROOT, 'theme', 'islands');
  const islands = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    if (/^[A-Z][A-Za-z0-9]*\.tsx$/.test(name) && !name.includes('.test.')) islands.set(name.replace(/\.tsx$/, ''), path.join(dir, name));
  }
  return islands;
}

const TARGET = ['es2022', 'chrome111', 'firefox114', 'safari16'];
const OUT_DIR = 'out';

/**
 * React is always taken from protodocs' own node_modules, so a site's `'use client'` component and the hydration
 * runtime share one copy of React even when the site has its own installed.
 */
const singleReact: Plugin = {
  name: 'pd-single-react',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, async (args) => {
      if (args.pluginData === 'pd-single-react') return undefined;
      const result = await b.resolve(args.path, { kind: args.kind, resolveDir: PACKAGE_ROOT, pluginData: 'pd-single-react' });
      return result.errors.length > 0 ? { errors: result.errors } : { path: result.path, sideEffects: result.sideEffects };
    });
  },
};

/**
 * Bundles the browser code in two esbuild runs:
 *
 * 1. `loader.[hash].js` (src/client/loader.ts): the only script a page runs before its load event. It carries instant
 *    navigation, analytics and the island scheduler, imports nothing, and never touches React.
 * 2. With code splitting: `hydrate.[hash].js` (React DOM, the island roots and their error boundaries), one
 *    `island-<Name>.[hash].js` per island (the island module itself; its default export is the component), shared
 *    `chunk.[hash].js` files (React itself, code shared by islands, lazy parts), and the stylesheet. The loader imports these lazily, when the browser is idle or at the first
 *    interaction with a widget.
 *
 * A page gets one `<script type="module">` tag: the loader, with the chunk URLs of the page's islands in data
 * attributes (see `scriptTags`).
 */
export async function bundleClient(options: BundleOptions): Promise<AssetManifest> {
  // Loaded on first use: an unchanged build never needs it, and start-up should not wait for it.
  const { build: esbuild } = await import('esbuild');
  const islands = new Map([...themeIslands(), ...options.extraIslands]);
  const publicPath = withBase(options.baseUrl, '/assets/');
  const minify = options.minify ?? true;
  const common: EsbuildOptions = {
    absWorkingDir: PACKAGE_ROOT,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: TARGET,
    jsx: 'automatic',
    minify,
    write: false,
    outdir: OUT_DIR,
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    assetNames: '[name].[hash]',
    publicPath,
    metafile: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': minify ? '"production"' : '"development"' },
    // The theme's web font, referenced by its stylesheet, becomes a hashed asset.
    loader: { '.woff2': 'file' },
  };
  const cssEntry = path.join(PACKAGE_ROOT, 'theme', 'styles', 'index.css');
  const islandEntries = [...islands].map(([name, file]) => ({ in: file, out: `island-${name}` }));

  const [loader, widgets] = await Promise.all([
    esbuild({ ...common, entryPoints: [{ in: path.join(PACKAGE_ROOT, 'src', 'client', 'loader.ts'), out: 'loader' }] }),
    esbuild({
      ...common,
      splitting: true,
      entryPoints: [
        { in: path.join(PACKAGE_ROOT, 'src', 'client', 'hydrate.ts'), out: 'hydrate' },
        ...islandEntries,
        ...(existsSync(cssEntry) ? [{ in: cssEntry, out: 'style' }] : []),
      ],
      plugins: [singleReact],
    }),
  ]);

  const files = new Map<string, string | Uint8Array>();
  const addFiles = (outputFiles: OutputFile[]) => {
    for (const file of outputFiles) files.set(`assets/${relOut(path.relative(path.join(PACKAGE_ROOT, OUT_DIR), file.path))}`, file.contents);
  };
  addFiles(loader.outputFiles!);
  addFiles(widgets.outputFiles!);

  const entryUrl = (metafile: Metafile, entry: string): string | undefined => {
    const want = path.resolve(PACKAGE_ROOT, entry);
    for (const [outPath, meta] of Object.entries(metafile.outputs)) {
      if (meta.entryPoint && path.resolve(PACKAGE_ROOT, meta.entryPoint) === want && outPath.endsWith('.js')) {
        return publicPath + relOut(path.relative(OUT_DIR, outPath));
      }
    }
    return undefined;
  };
  const loaderUrl = entryUrl(loader.metafile!, 'src/client/loader.ts')!;
  const hydrateUrl = entryUrl(widgets.metafile!, 'src/client/hydrate.ts')!;
  const islandUrls = new Map<string, string>();
  for (const [name, file] of islands) {
    const url = entryUrl(widgets.metafile!, file);
    if (url) islandUrls.set(name, url);
  }
  const css = Object.keys(widgets.metafile!.outputs)
    .map((outPath) => relOut(path.relative(OUT_DIR, outPath)))
    .filter((rel) => rel.startsWith('style.') && rel.endsWith('.css'))
    .map((rel) => publicPath + rel);

  // Preloaded, so the font (font-display: optional) is there for the first paint instead of the fallback.
  const fonts = [...files.keys()].filter((file) => file.endsWith('.woff2'));
  const headTags = fonts
    .map((file) => `<link rel="preload" href="${escapeHtml(withBase(options.baseUrl, '/' + file))}" as="font" type="font/woff2" crossorigin>`)
    .join('\n');

  return {
    css,
    headTags,
    files,
    scriptTags: (names: readonly string[], page: PageScriptData = {}) => {
      const chunks: Record<string, string> = {};
      for (const name of names) {
        const url = islandUrls.get(name);
        if (url) chunks[name] = url;
      }
      const attrs = [
        `src="${escapeHtml(loaderUrl)}"`,
        'data-pd-runtime',
        `data-pd-base="${escapeHtml(options.baseUrl)}"`,
        `data-pd-hydrate="${escapeHtml(hydrateUrl)}"`,
        `data-pd-islands="${escapeHtml(JSON.stringify(chunks))}"`,
      ];
      if (page.analytics) attrs.push(`data-pd-analytics="${escapeHtml(JSON.stringify(page.analytics))}"`);
      return `<script type="module" ${attrs.join(' ')}></script>`;
    },
  };
}

function relOut(rel: string): string {
  return rel.split(path.sep).join('/');
}
