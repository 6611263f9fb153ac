import { loadConfig, type SiteConfig } from '../config/index.ts';
import type { Diagnostics } from '../errors/index.ts';
import type { Reuse } from '../reuse/index.ts';

export interface ConfigOptions {
  root: string;
  outDir?: string;
  baseUrl?: string;
  analyticsId?: string;
  configTimeoutMs?: number;
}

/** The config, loaded again (esbuild, worker, schema) only when a file it was built from changed since the last build. */
export async function configStage(options: ConfigOptions, reuse: Reuse, diagnostics: Diagnostics): Promise<SiteConfig | undefined> {
  const key = JSON.stringify([options.root, options.outDir, options.baseUrl, options.analyticsId]);
  const memo = reuse.config?.(options.root);
  const known = memo?.get(key);
  if (known) {
    diagnostics.addAll(known.diagnostics);
    return known.config;
  }
  const before = diagnostics.items.length;
  const config = await loadConfig(
    { root: options.root, outDir: options.outDir, baseUrl: options.baseUrl, analyticsId: options.analyticsId, timeoutMs: options.configTimeoutMs },
    diagnostics,
  );
  if (config) memo?.set(key, { config, diagnostics: diagnostics.items.slice(before) });
  return config;
}
