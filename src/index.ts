// Public API of protodocs: what a site's config file imports.
import type { SiteConfigInput, SidebarsConfig } from './config/index.ts';

export type { SiteConfigInput as Config, SidebarsConfig, SidebarItemConfig } from './config/index.ts';
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
