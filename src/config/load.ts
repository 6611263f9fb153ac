import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ProtodocsError, problem, type Diagnostics } from '../errors/index.ts';
import { importTs } from './import-ts.ts';
import { reportIssues } from './issues.ts';
import { findKeyPosition } from './key-position.ts';
import { resolveConfig, type SiteConfig } from './resolve.ts';
import type { SidebarItemConfig } from './schema.ts';

export type { SiteConfig };

export const CONFIG_FILE = 'site.config.ts';

export interface LoadConfigOptions {
  root: string;
  outDir?: string;
  baseUrl?: string;
  /** A gtag tracking id given at build time; it wins over `analytics.trackingId`. */
  analyticsId?: string;
  /** How long site.config.ts and the sidebars module may take to load (default 10 s). */
  timeoutMs?: number;
}

export const CONFIG_TIMEOUT_MS = 10_000;

/** Loads and validates site.config.ts and the sidebars module. Throws only when the config cannot be used at all. */
export async function loadConfig(options: LoadConfigOptions, diagnostics: Diagnostics): Promise<SiteConfig | undefined> {
  const root = path.resolve(options.root);
  const configPath = path.join(root, CONFIG_FILE);
  if (!existsSync(configPath)) {
    throw new ProtodocsError(problem('PD1001', { root }));
  }
  // The schema (zod) loads while esbuild compiles the config: neither waits for the other.
  const schemas = import('./schema.ts');
  schemas.catch(() => {});
  const isolate = { timeoutMs: options.timeoutMs ?? CONFIG_TIMEOUT_MS };
  const loaded = await importTs(configPath, root, 'config', { isolate });
  const { configSchema, sidebarsSchema } = await schemas;
  const raw = loaded.exports.default;
  if (raw === undefined || raw === null || typeof raw !== 'object') {
    throw new ProtodocsError(problem('PD1004', {}, { file: CONFIG_FILE }));
  }
  const source = readFileSync(configPath, 'utf8');
  const overrides = options.baseUrl ? { baseUrl: options.baseUrl } : {};
  const input = { ...(raw as object), ...overrides };
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    reportIssues(parsed.error.issues, { file: CONFIG_FILE, source, input, schema: configSchema, diagnostics, of: 'config', docusaurus: true });
    return undefined;
  }
  const data = parsed.data;

  const sidebarsAbs = path.resolve(root, data.docs.sidebarPath);
  const sidebarsFile = path.relative(root, sidebarsAbs);
  let sidebars: Record<string, SidebarItemConfig[]> = {};
  const deps = [...loaded.deps];
  if (existsSync(sidebarsAbs)) {
    const sidebarsModule = await importTs(sidebarsAbs, root, 'sidebars', { isolate });
    deps.push(...sidebarsModule.deps);
    const sidebarsParsed = sidebarsSchema.safeParse(sidebarsModule.exports.default ?? {});
    if (!sidebarsParsed.success) {
      const sidebarsSource = readFileSync(sidebarsAbs, 'utf8');
      const input = sidebarsModule.exports.default ?? {};
      reportIssues(sidebarsParsed.error.issues, { file: sidebarsFile, source: sidebarsSource, input, schema: sidebarsSchema, diagnostics, of: 'sidebars', docusaurus: false });
      return undefined;
    }
    sidebars = sidebarsParsed.data as Record<string, SidebarItemConfig[]>;
  }

  const config = resolveConfig(data, { root, outDir: options.outDir, analyticsId: options.analyticsId, sidebars, sidebarsFile, configDeps: [...new Set(deps)] });
  // Placeholder credentials (the SPEC's "{key}", "your-api-key") mean hosted search is not set up yet: the built-in
  // engine serves search, quietly unless the config asks for the hosted one.
  if (data.search.hosted && !config.hostedSearchEnabled && data.search.engine === 'hosted') {
    diagnostics.add(problem('PD1007', {}, { file: CONFIG_FILE, ...findKeyPosition(source, ['search', 'hosted']) }));
  }
  return Object.freeze(config);
}
