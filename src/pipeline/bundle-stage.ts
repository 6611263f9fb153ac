import type { Message } from 'esbuild';
import path from 'node:path';
import { PACKAGE_ROOT, type SiteConfig } from '../config/index.ts';
import { assetManifest, bundleClient, SITE_NAMESPACE } from '../bundle/index.ts';
import { problem, type Diagnostic } from '../errors/index.ts';
import type { AssetManifest } from '../render/index.ts';
import { bundleKey, type Reuse } from '../reuse/index.ts';
import type { LoadedModules } from './modules-stage.ts';

export interface Bundling {
  /** The manifest, or the author's problems when one of their 'use client' components cannot run in a browser. */
  result: Promise<{ assets: AssetManifest } | { problems: Diagnostic[] }>;
  /** What the bundle was made from: part of every page's key. */
  key: string;
}

/** Starts the client bundle (it runs while the markdown renders); the site's own islands are its 'use client' components. */
export function startBundle(config: SiteConfig, modules: LoadedModules, minify: boolean | undefined, reuse: Reuse): Bundling {
  const extraIslands = new Map<string, string>();
  for (const [abs, mod] of modules.components) if (mod.client) extraIslands.set(path.basename(abs).replace(/\.[jt]sx?$/, ''), abs);
  const memo = reuse.bundleMemo?.(config.root);
  const key = memo || reuse.codeKey(config.root) ? bundleKey(config.baseUrl, minify, extraIslands, [...modules.components.values()].flatMap((m) => m.deps)) : '';
  const known = memo?.get(key);
  const made: Promise<AssetManifest> = known
    ? Promise.resolve(assetManifest(known))
    : bundleClient({ baseUrl: config.baseUrl, extraIslands, minify, siteRoot: config.root }).then((assets) => {
        memo?.set(key, assets.bundle);
        return assets;
      });
  const result = made.then(
    (assets) => ({ assets }),
    (error: unknown) => {
      const problems = bundleProblems(error, config);
      if (problems.length === 0) throw error;
      return { problems };
    },
  );
  result.catch(() => {});
  return { result, key };
}

/** An author's 'use client' component that only runs in Node (node:fs, say) is their mistake, at their line. */
function bundleProblems(error: unknown, config: SiteConfig): Diagnostic[] {
  const messages = (error as { errors?: Message[] }).errors ?? [];
  // Site files are named from the site root in their own namespace (see bundle-client.ts); others from protodocs.
  const siteFile = (m: Message) =>
    m.location?.file.startsWith(`${SITE_NAMESPACE}:`)
      ? m.location.file.slice(SITE_NAMESPACE.length + 1)
      : m.location && path.resolve(PACKAGE_ROOT, m.location.file).startsWith(config.root + path.sep)
        ? path.relative(config.root, path.resolve(PACKAGE_ROOT, m.location.file)).split(path.sep).join('/')
        : undefined;
  return messages
    .filter((m) => siteFile(m) !== undefined)
    .map((m) => problem('PD6003', { reason: m.text }, { file: siteFile(m), line: m.location!.line, column: m.location!.column + 1 }));
}
