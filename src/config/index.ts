export { loadConfig, CONFIG_FILE, type SiteConfig, type LoadConfigOptions } from './load.ts';
export type { SiteConfigInput, SidebarItemConfig, SidebarsConfig, NavbarItemConfig } from './schema.ts';
export { findKeyPosition, findValuePosition } from './key-position.ts';
export { importTs, type ImportedModule, type ModuleKind } from './import-ts.ts';
export { PACKAGE_ROOT } from './package-root.ts';
export { absoluteUrl, contentFolder, resolveConfig, routeBase, siteOrigin, type ResolveContext } from './resolve.ts';
