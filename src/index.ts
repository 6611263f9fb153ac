// Public API of protodocs: what a site's config file imports.
// Types come from the schema module itself, not config/index.ts: the declarations a site sees must not reach the loader (Node).
import type { SiteConfigInput, SidebarsConfig } from './config/schema.ts';

export type { SiteConfigInput as Config, SidebarsConfig, SidebarItemConfig } from './config/schema.ts';
export type { PageModuleProps, SiteChrome } from './shared/types.ts';
/** For page modules: joins the site's base URL with a path. */
export { withBase } from './shared/url.ts';

/** Typed identity: gives site.config.ts autocompletion and type checks. */
export function defineConfig(config: SiteConfigInput): SiteConfigInput {
  return config;
}

export function defineSidebars(sidebars: SidebarsConfig): SidebarsConfig {
  return sidebars;
}
