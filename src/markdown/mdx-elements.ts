import type { ElementContent, Properties } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { MdxFlowExpression, MdxJsxFlowElement, MdxJsxTextElement, MdxTextExpression } from 'mdast-util-mdx';
import type { Paragraph } from 'mdast';
import { defaultHandlers, type Handler, type Handlers, type State } from 'mdast-util-to-hast';
import type { Position } from 'unist';
import { ProtodocsError, toDiagnostic, type Diagnostic } from '../errors/index.ts';
import { didYouMean } from '../shared/did-you-mean.ts';
import { markdownDiagnostic, startOf } from './diagnostic.ts';
import { element, raw } from './hast-build.ts';
import { componentsFolderFrom, mdxFileHint } from './mdx-imports.ts';
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
const LITERAL_PROPS_HINT =
  'props must be literals: text="…", count={3}, on={true}, items={["a", "b"]}, data={{"key": "value"}} (JSON)';

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
    context.diagnostics.push(
      markdownDiagnostic(
        'PD3005',
        context.file,
        startOf(node.position),
        'MDX expressions ({…}) are not supported: protodocs renders MDX to HTML and nothing would evaluate them.',
        'write the value as text, or escape the brace as \\{ if you mean the character',
      ),
    );
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
  const content = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.type === 'mdxJsxTextElement' && only.name !== null && !PHRASING_TAGS.has(only.name)) {
    return state.one(only, node);
  }
  return defaultHandlers.paragraph(state, node);
};

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
  context.diagnostics.push(
    markdownDiagnostic('PD3004', context.file, startOf(node.position), `<${node.name}> is not an imported component.`, notImportedHint(context, node.name)),
  );
  return undefined;
}

function notImportedHint(context: RenderContext, name: string): string {
  const suggestion = didYouMean(name, Object.keys(context.mdxImports));
  if (suggestion) return `did you mean <${suggestion}>?`;
  const found = context.options.components?.find(name);
  if (found?.endsWith('.mdx')) return mdxFileHint(found);
  if (found) return `import it at the top of the file: import ${name} from '${found}'`;
  return `put it in content/components/${name}.tsx and import it at the top of the file: import ${name} from '${componentsFolderFrom(context.file)}/${name}.tsx'`;
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
    context.diagnostics.push(
      markdownDiagnostic(
        'PD3004',
        context.file,
        startOf(node.position),
        `<${name}> cannot be rendered: components are not available for this file.`,
        'components work only in .mdx files',
      ),
    );
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
  return markdownDiagnostic(
    'PD6001',
    context.file,
    startOf(position),
    `The component <${name}> failed to render: ${reason}`,
    'components render at build time: they must not read window, document or anything not in their props',
  );
}

/** Props as JSON values, or undefined after reporting every non-literal prop. */
function literalProps(context: RenderContext, node: JsxElement): Record<string, JsonValue> | undefined {
  const props: Record<string, JsonValue> = {};
  let ok = true;
  for (const attribute of node.attributes) {
    const at = startOf(attribute.position ?? node.position);
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      ok = false;
      context.diagnostics.push(
        markdownDiagnostic('PD3005', context.file, at, `Spread props ({${attribute.value}}) are not supported.`, LITERAL_PROPS_HINT),
      );
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
        context.diagnostics.push(
          markdownDiagnostic(
            'PD3005',
            context.file,
            at,
            `The prop "${attribute.name}" of <${node.name}> is not a literal, and nothing would evaluate it.`,
            LITERAL_PROPS_HINT,
          ),
        );
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
        markdownDiagnostic(
          'PD3005',
          context.file,
          startOf(attribute?.position ?? node.position),
          `The attribute "${name}" of <${node.name}> must be a string, number or boolean.`,
        ),
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
