// Shared by unit tests only: a SiteConfig made in memory from what an author would write in site.config.ts, with the
// schema's defaults applied and every derived value resolved, as loadConfig makes it (no file, no esbuild).
import { resolveConfig, type ResolveContext, type SiteConfig } from './resolve.ts';
import { configSchema, type SiteConfigInput } from './schema.ts';

export const TEST_ROOT = '/site';

export function testConfig(input: Partial<SiteConfigInput> = {}, context: Partial<ResolveContext> = {}): SiteConfig {
  return resolveConfig(configSchema.parse({ title: 'Test Site', url: 'https://example.test', ...input }), { root: TEST_ROOT, ...context });
}
