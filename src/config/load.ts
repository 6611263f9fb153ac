import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ProtodocsError, problem, type Diagnostics } from '../errors/index.ts';
import { importTs } from './import-ts.ts';
import { findKeyPosition } from './key-position.ts';
import type { AnalyticsData } from '../shared/index.ts';
import type { SidebarItemConfig, SiteConfigData } from './schema.ts';

export interface SiteConfig extends Omit<SiteConfigData, 'analytics'> {
  /** Analytics with its tracking id resolved; absent when there is nothing to send to. */
  analytics?: AnalyticsData;
  /** Absolute site root. */
  root: string;
  /** Absolute output folder. */
  outDirAbs: string;
  contentDir: string;
  sidebars: Record<string, SidebarItemConfig[]>;
  /** Relative path of the sidebars module, for diagnostics. */
  sidebarsFile: string;
  /** Every file the config and sidebars were built from (watch these). */
  configDeps: string[];
  /** Search uses the hosted backend only with real credentials. */
  hostedSearchEnabled: boolean;
}

export const CONFIG_FILE = 'site.config.ts';

const PLACEHOLDER = /^\{[^}]*\}$|^(?:x+|placeholder|your[-_ ]?\w*|changeme)$/i;

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue.code === 'invalid_union') return 'does not match any allowed shape';
  return issue.message;
}

/** Maps schema issues to diagnostics that name the key path and, when it can be found, its line. */
function reportIssues(issues: readonly z.core.$ZodIssue[], file: string, source: string, diagnostics: Diagnostics, of: 'config' | 'sidebars'): void {
  for (const issue of issues) {
    const keyPath = issue.path;
    const key = keyPath.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');
    const isVersionName = keyPath[0] === 'docs' && keyPath[1] === 'versions' && keyPath[keyPath.length - 1] === 'name';
    const at = { file, ...(findKeyPosition(source, keyPath.length ? keyPath : ['']) ?? { line: 1, column: 1 }) };
    const invalid = { key, reason: describeIssue(issue), expected: issue.code === 'invalid_type' ? issue.expected : undefined };
    if (of === 'sidebars') diagnostics.add(problem('PD4003', { kind: 'schema', ...invalid }, at));
    else if (isVersionName) diagnostics.add(problem('PD1005', { at: key.replace(/\.name$/, '') }, at));
    else diagnostics.add(problem('PD1003', invalid, at));
  }
}

export interface LoadConfigOptions {
  root: string;
  outDir?: string;
  baseUrl?: string;
  /** A gtag tracking id given at build time; it wins over `analytics.trackingId`. */
  analyticsId?: string;
  /** How long site.config.ts and the sidebars module may take to load (default 10 s). */
  timeoutMs?: number;
}

/** The analytics a built page uses: gtag needs a real tracking id (from the build or the config), or sends nothing. */
function resolveAnalytics(analytics: SiteConfigData['analytics'], analyticsId: string | undefined): AnalyticsData | undefined {
  if (analytics?.provider === 'beacon') return analytics;
  const id = analyticsId?.trim() || analytics?.trackingId?.trim();
  if (!id || PLACEHOLDER.test(id)) return undefined;
  return { provider: 'gtag', trackingId: id, anonymizeIp: analytics?.anonymizeIp ?? true };
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
  const parsed = configSchema.safeParse({ ...(raw as object), ...overrides });
  if (!parsed.success) {
    reportIssues(parsed.error.issues, CONFIG_FILE, source, diagnostics, 'config');
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
      reportIssues(sidebarsParsed.error.issues, sidebarsFile, readFileSync(sidebarsAbs, 'utf8'), diagnostics, 'sidebars');
      return undefined;
    }
    sidebars = sidebarsParsed.data as Record<string, SidebarItemConfig[]>;
  }

  let hostedSearchEnabled = false;
  if (data.search.hosted) {
    const { appId, apiKey } = data.search.hosted;
    if (PLACEHOLDER.test(appId) || PLACEHOLDER.test(apiKey)) {
      diagnostics.add(problem('PD1007', {}, { file: CONFIG_FILE, ...findKeyPosition(source, ['search', 'hosted']) }));
    } else {
      hostedSearchEnabled = true;
    }
  }

  const config: SiteConfig = {
    ...data,
    analytics: resolveAnalytics(data.analytics, options.analyticsId),
    root,
    outDirAbs: path.resolve(root, options.outDir ?? data.outDir),
    contentDir: path.join(root, 'content'),
    sidebars,
    sidebarsFile,
    configDeps: [...new Set(deps)],
    hostedSearchEnabled,
  };
  return Object.freeze(config);
}
