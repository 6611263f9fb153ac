import type { ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { MdxFlowExpression, MdxJsxFlowElement, MdxJsxTextElement, MdxTextExpression } from 'mdast-util-mdx';
import type { Paragraph } from 'mdast';
import { defaultHandlers, type Handler, type Handlers, type State } from 'mdast-util-to-hast';
import type { Position } from 'unist';
import { didYouMean, problem, ProtodocsError, toDiagnostic, type Diagnostic } from '../errors/index.ts';
import { startOf } from './node-position.ts';
import { element, raw } from './hast-build.ts';
import { componentsFolderFrom } from './mdx-imports.ts';
import type { RenderContext } from './render-context.ts';
import { TRUNCATE_MARKER } from './truncate.ts';
import type { JsonValue } from './types.ts';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

const HTML_TAG = /^[a-z][a-z\d]*(?:-[a-z\d]+)*$/;
// HTML elements that belong inside a paragraph. Any other element alone on a line must not be wrapped in <p>.
const PHRASING_TAGS: ReadonlySet<string> = new Set(
  ('a abbr b bdi bdo br button cite code data del dfn em i img input ins kbd label mark meter output progress q ' +
    's samp select small span strong sub sup textarea time u var wbr').split(' '),
);
/**
 * MDX as component holes: an imported component is rendered by `renderComponent` and inserted as HTML, a
 * lowercase tag becomes a plain element, and anything needing JavaScript evaluation (expressions, spread or
 * computed props) is an error, because the page is HTML and nothing would evaluate it.
 */
export function mdxHandlers(context: RenderContext): Handlers {
  const jsx: Handler = (state, node: JsxElement) => renderJsx(context, state, node);
  const expression: Handler = (_state, node: MdxFlowExpression | MdxTextExpression, parent) => {
    if (isCommentOnly(node)) {
      // `{/* truncate */}` is the MDX spelling of `<!-- truncate -->` (HTML comments are not MDX).
      return parent?.type === 'root' && /^\s*\/\*\s*truncate\s*\*\/\s*$/.test(node.value) ? raw(TRUNCATE_MARKER) : undefined;
    }
    context.diagnostics.push(problem('PD3005', { kind: 'expression' }, { file: context.file, ...startOf(node.position) }));
    return undefined;
  };
  return {
    paragraph: unwrapLoneElement,
    mdxJsxFlowElement: jsx,
    mdxJsxTextElement: jsx,
    mdxFlowExpression: expression,
    mdxTextExpression: expression,
    // Imports were read (and other statements reported) by parse.
    mdxjsEsm: () => undefined,
  };
}

/**
 * MDX parses `<summary>Title</summary>` or `<Card>text</Card>` on one line as inline JSX inside a paragraph; a
 * <p> around a block element or a component's markup is invalid HTML (it breaks <details>), so such a paragraph
 * renders as just the element.
 */
const unwrapLoneElement: Handler = (state, node: Paragraph) => {
  const only = loneContent(node);
  if (only?.type === 'mdxJsxTextElement' && only.name !== null && !PHRASING_TAGS.has(only.name)) {
    return state.one(only, node);
  }
  return defaultHandlers.paragraph(state, node);
};

/** The paragraph's one child besides blank text, if it has exactly one. Every paragraph is asked, so it copies nothing. */
function loneContent(node: Paragraph): Paragraph['children'][number] | undefined {
  let only: Paragraph['children'][number] | undefined;
  for (const child of node.children) {
    if (child.type === 'text' && isBlank(child.value)) continue;
    if (only) return undefined;
    only = child;
  }
  return only;
}

const NOT_SPACE = /\S/;

function isBlank(value: string): boolean {
  return !NOT_SPACE.test(value);
}

function renderJsx(context: RenderContext, state: State, node: JsxElement): ElementContent[] | ElementContent | undefined {
  if (node.name === null) return state.all(node);
  const specifier = Object.hasOwn(context.mdxImports, node.name) ? context.mdxImports[node.name] : undefined;
  if (specifier !== undefined) return renderComponent(context, state, node, node.name, specifier);
  if (HTML_TAG.test(node.name)) {
    const properties = htmlProperties(context, node);
    const result = element(node.name, properties ?? {}, state.all(node));
    state.patch(node, result);
    return result;
  }
  context.diagnostics.push(problem('PD3004', notImported(context, node.name), { file: context.file, ...startOf(node.position) }));
  return undefined;
}

function notImported(context: RenderContext, name: string) {
  const suggestion = didYouMean(name, Object.keys(context.mdxImports));
  return { kind: 'not-imported' as const, name, suggestion, found: suggestion ? undefined : context.options.components?.find(name), componentsFolder: componentsFolderFrom(context.file) };
}

function renderComponent(
  context: RenderContext,
  state: State,
  node: JsxElement,
  name: string,
  specifier: string,
): ElementContent | undefined {
  const props = literalProps(context, node);
  if (!props) return undefined;
  const render = context.options.renderComponent;
  if (!render) {
    context.diagnostics.push(problem('PD3004', { kind: 'no-components', name }, { file: context.file, ...startOf(node.position) }));
    return undefined;
  }
  const args: [string, string, Record<string, JsonValue>] = [name, specifier, props];
  try {
    const html =
      node.children.length > 0
        ? render(...args, toHtml({ type: 'root', children: state.all(node) }, { allowDangerousHtml: true }))
        : render(...args);
    return raw(html);
  } catch (error) {
    context.diagnostics.push(componentFailure(context, node.position, name, error));
    return undefined;
  }
}

function componentFailure(
  context: RenderContext,
  position: Position | undefined,
  name: string,
  error: unknown,
): Diagnostic {
  if (error instanceof ProtodocsError) {
    const diagnostic = toDiagnostic(error);
    // An error about another file (the component's own source) keeps its position; otherwise it is this element's.
    if (diagnostic.file && diagnostic.file !== context.file) return diagnostic;
    const at = startOf(position) ?? { line: 1, column: 1 };
    return { ...diagnostic, file: context.file, line: diagnostic.line ?? at.line, column: diagnostic.column ?? at.column };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return problem('PD6001', { kind: 'component', name, reason }, { file: context.file, ...startOf(position) });
}

/** Props as JSON values, or undefined after reporting every non-literal prop. */
function literalProps(context: RenderContext, node: JsxElement): Record<string, JsonValue> | undefined {
  const props: Record<string, JsonValue> = {};
  let ok = true;
  for (const attribute of node.attributes) {
    const at = startOf(attribute.position ?? node.position);
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      ok = false;
      context.diagnostics.push(problem('PD3005', { kind: 'spread', value: attribute.value }, { file: context.file, ...at }));
      continue;
    }
    const value = attribute.value;
    if (value === null || value === undefined) {
      props[attribute.name] = true;
    } else if (typeof value === 'string') {
      props[attribute.name] = value;
    } else {
      const parsed = parseJsonLiteral(value.value);
      if (parsed.ok) {
        props[attribute.name] = parsed.value;
      } else {
        ok = false;
        context.diagnostics.push(problem('PD3005', { kind: 'prop', prop: attribute.name, component: node.name ?? '' }, { file: context.file, ...at }));
      }
    }
  }
  return ok ? props : undefined;
}

/** Attributes of a lowercase (HTML) element; objects are allowed only as a `style`. */
function htmlProperties(context: RenderContext, node: JsxElement): Properties | undefined {
  const props = literalProps(context, node);
  if (!props) return undefined;
  const properties: Properties = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === 'class' || name === 'className') {
      properties.className = String(value).split(/\s+/).filter(Boolean);
    } else if (name === 'style' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      properties.style = styleText(value);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      properties[name] = value;
    } else if (value !== null) {
      const attribute = node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === name);
      context.diagnostics.push(
        problem('PD3005', { kind: 'attribute', attribute: name, component: node.name ?? '' }, { file: context.file, ...startOf(attribute?.position ?? node.position) }),
      );
    }
  }
  return properties;
}

function styleText(style: { [key: string]: JsonValue }): string {
  return Object.entries(style)
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (upper) => '-' + upper.toLowerCase())}: ${String(value)}`)
    .join('; ');
}

function parseJsonLiteral(source: string): { ok: true; value: JsonValue } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(source.trim()) as JsonValue };
  } catch {
    return { ok: false };
  }
}

// `{/* note */}` is how MDX spells a comment; it evaluates to nothing, so it is allowed.
function isCommentOnly(node: MdxFlowExpression | MdxTextExpression): boolean {
  const program = node.data?.estree as { body?: unknown[]; comments?: unknown[] } | undefined | null;
  if (program?.body) return program.body.length === 0;
  return node.value.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').trim() === '';
}
