// Island name → component. Used by theme/components/Island.tsx on the server. The client bundler makes one entry per
// island from theme/islands/<Name>.tsx, so every name here must equal its file name.

import type { ComponentProps, ComponentType } from 'react';
import AnnouncementBar from './AnnouncementBar.tsx';
import ColorModeToggle from './ColorModeToggle.tsx';
import LocaleMenu from './LocaleMenu.tsx';
import NavbarMenu from './NavbarMenu.tsx';
import SearchModal from './SearchModal.tsx';
import SearchPage from './SearchPage.tsx';
import VersionMenu from './VersionMenu.tsx';

export const islands = {
  AnnouncementBar,
  ColorModeToggle,
  LocaleMenu,
  NavbarMenu,
  SearchModal,
  SearchPage,
  VersionMenu,
} as const;

export type IslandName = keyof typeof islands;
export type IslandProps<N extends IslandName> = ComponentProps<(typeof islands)[N]>;

export const islandNames = Object.keys(islands) as IslandName[];

export function isIslandName(name: string): name is IslandName {
  return Object.prototype.hasOwnProperty.call(islands, name);
}

/** The component of an island, or undefined for an unknown name. */
export function getIsland(name: string): ComponentType<Record<string, unknown>> | undefined {
  return isIslandName(name) ? (islands[name] as unknown as ComponentType<Record<string, unknown>>) : undefined;
}
