import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from '../shared/types.ts';

/** Hydrates every marker of one island on the page with the component and the props the server used. */
export function hydrate(name: string, Component: ComponentType<Record<string, unknown>>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}="${name}"]`)) {
    if (el.dataset.pdHydrated) continue;
    el.dataset.pdHydrated = 'true';
    const props = JSON.parse(el.getAttribute(ISLAND_PROPS_ATTR) ?? '{}') as Record<string, unknown>;
    hydrateRoot(el, createElement(Component, props));
  }
}
