import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ISLAND_ATTR, ISLAND_PROPS_ATTR } from '../../src/shared/types.ts';
import { islands, type IslandName, type IslandProps } from '../islands/registry.ts';

/**
 * An island marker: `<div class="pd-island" data-pd-island={name} data-pd-props={JSON}>` holding the component's
 * server HTML. The component is rendered as a separate React root (its own renderToString) so the browser can
 * `hydrateRoot(div, <Component {...props} />)` with exactly the same tree. Props must be JSON: they round-trip
 * through JSON.parse, so `undefined` fields drop out and no functions or dates are allowed.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  return <IslandRoot name={name} component={islands[name] as ComponentType<IslandProps<N>>} props={props} />;
}

/** The same marker for a component that is not in the registry (e.g. a `'use client'` MDX component). */
export function IslandRoot<P extends object>({ name, component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const json = JSON.stringify(props);
  // Render from the parsed JSON so the server sees exactly what the browser will get.
  const html = renderToString(createElement(component, JSON.parse(json) as P));
  const attrs = { [ISLAND_ATTR]: name, [ISLAND_PROPS_ATTR]: json };
  return <div className="pd-island" {...attrs} dangerouslySetInnerHTML={{ __html: html }} />;
}
