import type * as Esbuild from 'esbuild';
import type { BuildOptions as EsbuildOptions, Metafile, OutputFile, Plugin } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from '../config/index.ts';
import { importModule } from '../files/index.ts';
import type { AssetManifest, BundleData } from '../render/index.ts';
import { escapeHtml, withBase, type AnalyticsData } from '../shared/index.ts';


export interface BundleOptions {
  baseUrl: string;
  /** Islands from MDX components: name → absolute module path. */
  extraIslands: ReadonlyMap<string, string>;
  /** Default true. `false` also bundles React's development build, which reports hydration mismatches in detail. */
  minify?: boolean;
  /** The site's root: its files are named relative to it in the bundle, so output does not depend on where it is. */
  siteRoot?: string;
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

export const SITE_NAMESPACE = 'pd-site';

/**
 * esbuild's content hashes cover the paths of a chunk's inputs, relative to `absWorkingDir` (protodocs' own folder).
 * The site's components would carry the path from there to the site (`../../home/me/site/...`), so the same sources
 * checked out elsewhere would get other file names. This plugin names every site file by its path from the site root
 * instead, in a namespace of its own, and loads it from disk with its real folder for further imports.
 */
function siteFiles(siteRoot: string): Plugin {
  const own = (abs: string) => {
    const rel = path.relative(siteRoot, abs);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.split(path.sep).includes('node_modules') && path.relative(PACKAGE_ROOT, abs).startsWith('..');
  };
  const named = (abs: string) => ({ path: path.relative(siteRoot, abs).split(path.sep).join('/'), namespace: SITE_NAMESPACE });
  return {
    name: 'pd-site-files',
    setup(b) {
      b.onResolve({ filter: /^\// }, (args) => (args.kind === 'entry-point' && own(args.path) ? named(args.path) : undefined));
      b.onResolve({ filter: /^\.\.?\//, namespace: SITE_NAMESPACE }, async (args) => {
        const result = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: path.join(siteRoot, args.importer) });
        if (result.errors.length > 0) return { errors: result.errors };
        return own(result.path) ? named(result.path) : { path: result.path, sideEffects: result.sideEffects };
      });
      b.onLoad({ filter: /.*/, namespace: SITE_NAMESPACE }, async (args) => {
        const abs = path.join(siteRoot, args.path);
        const ext = path.extname(abs).slice(1);
        const loader = ext === 'tsx' || ext === 'ts' || ext === 'jsx' || ext === 'css' || ext === 'json' ? ext : 'js';
        return { contents: await readFile(abs), loader, resolveDir: path.dirname(abs), watchFiles: [abs] };
      });
    },
  };
}

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
export async function bundleClient(options: BundleOptions): Promise<AssetManifest & { bundle: BundleData }> {
  // Loaded on first use: an unchanged build never needs it, and start-up should not wait for it.
  const { build: esbuild } = await importModule<typeof Esbuild>('esbuild');
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
      plugins: options.siteRoot ? [singleReact, siteFiles(options.siteRoot)] : [singleReact],
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
    const site = options.siteRoot ? `${SITE_NAMESPACE}:${path.relative(options.siteRoot, want).split(path.sep).join('/')}` : undefined;
    for (const [outPath, meta] of Object.entries(metafile.outputs)) {
      const matches = meta.entryPoint !== undefined && (meta.entryPoint === site || path.resolve(PACKAGE_ROOT, meta.entryPoint) === want);
      if (matches && outPath.endsWith('.js')) {
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

  return assetManifest({ css, headTags, files, baseUrl: options.baseUrl, loaderUrl, hydrateUrl, islandUrls });
}

/** The manifest of a bundle: its data, and the script tag each page gets (`data` is kept on it, as `bundle`). */
export function assetManifest(data: BundleData): AssetManifest & { bundle: BundleData } {
  const { css, headTags, files, baseUrl, loaderUrl, hydrateUrl, islandUrls } = data;
  return {
    css,
    headTags,
    files,
    bundle: data,
    scriptTags: (names: readonly string[], page: PageScriptData = {}) => {
      const chunks: Record<string, string> = {};
      for (const name of names) {
        const url = islandUrls.get(name);
        if (url) chunks[name] = url;
      }
      const attrs = [
        `src="${escapeHtml(loaderUrl)}"`,
        'data-pd-runtime',
        `data-pd-base="${escapeHtml(baseUrl)}"`,
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
