import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { importTs } from '../config/index.ts';
import { ProtodocsError, problem, type Diagnostics } from '../errors/index.ts';
import { escapeHtml, ISLAND_ATTR, ISLAND_PROPS_ATTR, type PageModuleProps, type SiteChrome } from '../shared/index.ts';

/** Must match theme/components/Island.tsx: the client hydrates with the same identifierPrefix. */
const ISLAND_ID_PREFIX_ATTR = 'data-pd-id-prefix';

export interface LoadedModule {
  component: ComponentType<Record<string, unknown>>;
  title?: string;
  description?: string;
  /** The file starts with 'use client': hydrate it in the browser. */
  client: boolean;
  deps: string[];
}

/** Compiles a .tsx module for Node and checks it default-exports a component (PD2004). */
export async function loadComponentModule(abs: string, root: string, diagnostics: Diagnostics): Promise<LoadedModule | undefined> {
  const file = path.relative(root, abs).split(path.sep).join('/');
  try {
    const { exports, deps } = await importTs(abs, root, 'module');
    if (typeof exports.default !== 'function') {
      diagnostics.add(problem('PD2004', { file }, { file }));
      return undefined;
    }
    const source = readFileSync(abs, 'utf8');
    return {
      component: exports.default as ComponentType<Record<string, unknown>>,
      title: typeof exports.title === 'string' ? exports.title : undefined,
      description: typeof exports.description === 'string' ? exports.description : undefined,
      client: /^\s*['"]use client['"]/.test(source),
      deps,
    };
  } catch (error) {
    if (error instanceof ProtodocsError) {
      diagnostics.add(error);
      return undefined;
    }
    throw error;
  }
}

/** Renders a page module's component to HTML; a throw is an author error at that file (PD6001). */
export function renderPageModule(mod: LoadedModule, file: string, site: SiteChrome, diagnostics: Diagnostics): string {
  try {
    const props: PageModuleProps = { site };
    return renderToString(createElement(mod.component, props as unknown as Record<string, unknown>));
  } catch (error) {
    diagnostics.add(problem('PD6001', { kind: 'module', file, reason: error instanceof Error ? error.message : String(error) }, { file }));
    return '';
  }
}

/** Island markup for an MDX component: server HTML inside a marker the client runtime hydrates. */
export function renderComponentHtml(mod: LoadedModule, islandName: string, props: Record<string, unknown>, idPrefix: string): string {
  // Each root gets its own useId prefix, so two instances on a page never share element ids.
  const inner = renderToString(createElement(mod.component, props), { identifierPrefix: idPrefix });
  if (!mod.client) return inner;
  return `<div class="pd-island" ${ISLAND_ATTR}="${escapeHtml(islandName)}" ${ISLAND_PROPS_ATTR}="${escapeHtml(JSON.stringify(props))}" ${ISLAND_ID_PREFIX_ATTR}="${escapeHtml(idPrefix)}">${inner}</div>`;
}
