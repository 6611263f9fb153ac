import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from '../../src/shared/types.ts';
import { islands, type IslandName, type IslandProps } from '../islands/registry.ts';

/** Attribute carrying the React `identifierPrefix` of an island root; the client runtime hydrates with the same. */
export const ISLAND_ID_PREFIX_ATTR = 'data-pd-id-prefix';

interface MarkerOptions {
  /**
   * React `identifierPrefix` for this island's root (needed only when the component calls useId and the page may
   * hold several such roots). Emitted as `data-pd-id-prefix` so hydration uses the same prefix.
   */
  idPrefix?: string;
}

/**
 * An island marker: `<div class="pd-island" data-pd-island={name} data-pd-props={JSON}>` holding the component's
 * server HTML. The component is rendered as a separate React root (its own renderToString) so the browser can
 * `hydrateRoot(div, <Component {...props} />)` with exactly the same tree. Props must be JSON: they round-trip
 * through JSON.parse, so `undefined` fields drop out and no functions or dates are allowed.
 */
export function Island<N extends IslandName>({ name, props, idPrefix }: { name: N; props: IslandProps<N> } & MarkerOptions) {
  return <IslandRoot name={name} component={islands[name] as ComponentType<IslandProps<N>>} props={props} idPrefix={idPrefix} />;
}

/** The same marker for a component that is not in the registry (e.g. a `'use client'` MDX component). */
export function IslandRoot<P extends object>({
  name,
  component,
  props,
  idPrefix,
}: { name: string; component: ComponentType<P>; props: P } & MarkerOptions) {
  const json = JSON.stringify(props);
  const html = islandHtml(component, json, idPrefix);
  const attrs: Record<string, string> = { [ISLAND_ATTR]: name, [ISLAND_PROPS_ATTR]: json };
  if (idPrefix) attrs[ISLAND_ID_PREFIX_ATTR] = idPrefix;
  return <div className="pd-island" {...attrs} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Islands rendered so far, per component, by prefix and props. */
const rendered = new WeakMap<ComponentType<never>, Map<string, string>>();
/** Per component: enough for every distinct navbar, menu and toggle of a large site; pages past it render anew. */
const MAX_KEPT = 500;

/**
 * An island's server HTML is a function of its component, props and id prefix alone (it is a React root of its own,
 * and hydration depends on exactly that), and most islands (colour toggle, navbar menus, search) get the same props
 * on every page: each is rendered once per build rather than once per page.
 */
function islandHtml<P extends object>(component: ComponentType<P>, json: string, idPrefix: string | undefined): string {
  let byProps = rendered.get(component as ComponentType<never>);
  if (!byProps) rendered.set(component as ComponentType<never>, (byProps = new Map()));
  const key = `${idPrefix ?? ''}\u0000${json}`;
  let html = byProps.get(key);
  if (html === undefined) {
    // Render from the parsed JSON so the server sees exactly what the browser will get.
    html = renderToString(createElement(component, JSON.parse(json) as P), idPrefix ? { identifierPrefix: idPrefix } : undefined);
    if (byProps.size < MAX_KEPT) byProps.set(key, html);
  }
  return html;
}
