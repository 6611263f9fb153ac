export { loadConfig, CONFIG_FILE, type SiteConfig, type LoadConfigOptions } from './load.ts';
export type { SiteConfigInput, SidebarItemConfig, SidebarsConfig, NavbarItemConfig } from './schema.ts';
export { findKeyPosition } from './key-position.ts';
