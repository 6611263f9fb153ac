import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { ProtodocsError, type Diagnostics, type ErrorCode } from '../errors/index.ts';
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
function reportIssues(
  issues: readonly z.core.$ZodIssue[],
  file: string,
  source: string,
  diagnostics: Diagnostics,
  code: ErrorCode,
  prefix: PropertyKey[] = [],
): void {
  for (const issue of issues) {
    const keyPath = [...prefix, ...issue.path];
    const shown = keyPath.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('').replace(/^\./, '');
    const isVersionName = keyPath[0] === 'docs' && keyPath[1] === 'versions' && keyPath[keyPath.length - 1] === 'name';
    const pos = findKeyPosition(source, keyPath.length ? keyPath : ['']);
    diagnostics.add({
      code: isVersionName ? 'PD1005' : code,
      message: isVersionName
        ? `The docs version at ${shown.replace(/\.name$/, '')} has no name.`
        : `Config key ${shown || '(root)'} is invalid: ${describeIssue(issue)}.`,
      file,
      line: pos?.line ?? 1,
      column: pos?.column ?? 1,
      hint: isVersionName
        ? 'give every docs version a name, e.g. { name: "current", label: "v1.0.0" }'
        : issue.code === 'invalid_type'
          ? `set ${shown} to a ${issue.expected}`
          : undefined,
    });
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
    throw new ProtodocsError({
      code: 'PD1001',
      message: `No ${CONFIG_FILE} in ${root}.`,
      hint: 'run protodocs in the folder that holds site.config.ts, or pass --root',
    });
  }
  // The schema (zod) loads while esbuild compiles the config: neither waits for the other.
  const schemas = import('./schema.ts');
  schemas.catch(() => {});
  const isolate = { timeoutMs: options.timeoutMs ?? CONFIG_TIMEOUT_MS };
  const loaded = await importTs(configPath, root, 'PD1002', { isolate });
  const { configSchema, sidebarsSchema } = await schemas;
  const raw = loaded.exports.default;
  if (raw === undefined || raw === null || typeof raw !== 'object') {
    throw new ProtodocsError({
      code: 'PD1004',
      message: `${CONFIG_FILE} has no default export.`,
      file: CONFIG_FILE,
      line: 1,
      column: 1,
      hint: 'end the file with `export default defineConfig({ ... })`',
    });
  }
  const source = readFileSync(configPath, 'utf8');
  const overrides = options.baseUrl ? { baseUrl: options.baseUrl } : {};
  const parsed = configSchema.safeParse({ ...(raw as object), ...overrides });
  if (!parsed.success) {
    reportIssues(parsed.error.issues, CONFIG_FILE, source, diagnostics, 'PD1003');
    return undefined;
  }
  const data = parsed.data;

  const sidebarsAbs = path.resolve(root, data.docs.sidebarPath);
  const sidebarsFile = path.relative(root, sidebarsAbs);
  let sidebars: Record<string, SidebarItemConfig[]> = {};
  const deps = [...loaded.deps];
  if (existsSync(sidebarsAbs)) {
    const sidebarsModule = await importTs(sidebarsAbs, root, 'PD4003', { isolate });
    deps.push(...sidebarsModule.deps);
    const sidebarsParsed = sidebarsSchema.safeParse(sidebarsModule.exports.default ?? {});
    if (!sidebarsParsed.success) {
      reportIssues(sidebarsParsed.error.issues, sidebarsFile, readFileSync(sidebarsAbs, 'utf8'), diagnostics, 'PD4003');
      return undefined;
    }
    sidebars = sidebarsParsed.data as Record<string, SidebarItemConfig[]>;
  }

  let hostedSearchEnabled = false;
  if (data.search.hosted) {
    const { appId, apiKey } = data.search.hosted;
    if (PLACEHOLDER.test(appId) || PLACEHOLDER.test(apiKey)) {
      const pos = findKeyPosition(source, ['search', 'hosted']);
      diagnostics.add({
        code: 'PD1007',
        severity: 'warning',
        message: 'search.hosted has placeholder credentials, so the built-in local search is used.',
        file: CONFIG_FILE,
        line: pos?.line ?? 1,
        column: pos?.column ?? 1,
        hint: 'set real appId and apiKey values to use the hosted search service',
      });
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
