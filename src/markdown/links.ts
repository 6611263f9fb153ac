import type { Element } from 'hast';
import { problem } from '../errors/index.ts';
import type { Definition, Image, ImageReference, Link, LinkReference } from 'mdast';
import { defaultHandlers, type Handler, type Handlers, type State } from 'mdast-util-to-hast';
import type { Position } from 'unist';
import { isExternalUrl } from '../shared/index.ts';
import { startOf } from './node-position.ts';
import type { RenderContext } from './render-context.ts';
import { unsafeUrlScheme } from './sanitize-html.ts';

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

interface RewrittenHref {
  href: string;
  external: boolean;
}

/**
 * Links and images, including reference-style ones. A reference target is resolved once per definition, at the
 * definition's position, so a broken target used three times is reported once, where it is written.
 */
export function linkHandlers(context: RenderContext): Handlers {
  const hrefByDefinition = new Map<Definition, RewrittenHref>();
  const srcByDefinition = new Map<Definition, string>();

  const link: Handler = (state, node: Link) => {
    const rewritten = rewriteHref(context, node.url, node.position);
    return linkElement(state, { ...node, url: rewritten.href }, rewritten.external);
  };

  const linkReference: Handler = (state, node: LinkReference) => {
    const definition = definitionOf(state, node);
    if (!definition) return defaultHandlers.linkReference(state, node);
    let rewritten = hrefByDefinition.get(definition);
    if (!rewritten) {
      rewritten = rewriteHref(context, definition.url, definition.position);
      hrefByDefinition.set(definition, rewritten);
    }
    const asLink: Link = {
      type: 'link',
      url: rewritten.href,
      title: definition.title,
      children: node.children,
      position: node.position,
      data: node.data,
    };
    return linkElement(state, asLink, rewritten.external);
  };

  const image: Handler = (state, node: Image) =>
    imageElement(state, { ...node, url: rewriteSrc(context, node.url, node.position) });

  const imageReference: Handler = (state, node: ImageReference) => {
    const definition = definitionOf(state, node);
    if (!definition) return defaultHandlers.imageReference(state, node);
    let src = srcByDefinition.get(definition);
    if (src === undefined) {
      src = rewriteSrc(context, definition.url, definition.position);
      srcByDefinition.set(definition, src);
    }
    const asImage: Image = {
      type: 'image',
      url: src,
      title: definition.title,
      alt: node.alt,
      position: node.position,
      data: node.data,
    };
    return imageElement(state, asImage);
  };

  return { link, linkReference, image, imageReference };
}

function definitionOf(state: State, node: LinkReference | ImageReference): Definition | undefined {
  return state.definitionById.get(node.identifier.toUpperCase());
}

function linkElement(state: State, node: Link, external: boolean): Element {
  const result = defaultHandlers.link(state, node) as Element;
  if (node.url === UNSAFE) delete result.properties.href;
  if (external) {
    result.properties.target = '_blank';
    result.properties.rel = ['noopener', 'noreferrer'];
  }
  return result;
}

function imageElement(state: State, node: Image): Element {
  const result = defaultHandlers.image(state, node) as Element;
  if (node.url === UNSAFE) delete result.properties.src;
  result.properties.loading = 'lazy';
  result.properties.decoding = 'async';
  return result;
}

/**
 * The resolver sees the href up to the first '#'; the fragment is re-appended to the URL it returns, so resolvers
 * only map files to pages and the anchor check stays in one place (checks/, against `anchors`).
 */
function rewriteHref(context: RenderContext, url: string, position: Position | undefined): RewrittenHref {
  const at = startOf(position) ?? { line: 1, column: 1 };
  if (url.startsWith('#')) {
    const fragment = url.slice(1);
    if (fragment !== '') context.links.push({ url: '', fragment: decodeFragment(fragment), ...at });
    return { href: url, external: false };
  }
  if (isExternalUrl(url)) return { href: url, external: true };
  if (refusedUrl(context, url, 'link', at)) return { href: UNSAFE, external: false };
  if (url === '' || HAS_SCHEME.test(url)) return { href: url, external: false };

  const hash = url.indexOf('#');
  const path = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash + 1);
  const resolved = context.options.resolveLink(path);
  if (resolved === undefined) return { href: url, external: false };
  if ('broken' in resolved) {
    context.diagnostics.push(problem('PD5001', { target: path, hint: resolved.hint }, { file: context.file, ...at }));
    return { href: url, external: false };
  }
  if (fragment !== '') context.links.push({ url: resolved.url, fragment: decodeFragment(fragment), ...at });
  return { href: fragment === '' ? resolved.url : `${resolved.url}#${fragment}`, external: false };
}

/** Relative image paths go through resolveImage (the asset gets a hashed public URL); others stay as written. */
function rewriteSrc(context: RenderContext, url: string, position: Position | undefined): string {
  if (refusedUrl(context, url, 'image', startOf(position) ?? { line: 1, column: 1 })) return UNSAFE;
  const relative = url !== '' && !HAS_SCHEME.test(url) && !url.startsWith('/') && !url.startsWith('#');
  if (!relative) return url;
  const resolved = context.options.resolveImage(url);
  if (resolved !== undefined) return resolved;
  context.diagnostics.push(problem('PD3008', { src: url }, { file: context.file, ...startOf(position) }));
  return url;
}

/** Stands for a URL that was refused: the element is rendered without it. */
const UNSAFE = '\u0000unsafe';

/** A `javascript:`, `vbscript:` or `data:` URL is never emitted: a warning where it is written, and no href or src. */
function refusedUrl(context: RenderContext, url: string, kind: 'link' | 'image', at: { line: number; column: number }): boolean {
  const scheme = unsafeUrlScheme(url, kind);
  if (!scheme) return false;
  context.diagnostics.push(problem('PD3021', { kind, scheme }, { file: context.file, ...at }));
  return true;
}

// Heading ids are stored decoded (`über`); a link may be written percent-encoded (`#%C3%BCber`).
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
