import type { Element, Properties, Root } from 'hast';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { h } from 'hastscript';
import { Tokenizer } from 'htmlparser2';

/**
 * What raw HTML in a `.md` page may contain: GitHub's schema (what github.com allows in a README), plus what docs
 * pages use, and ids kept as written so that `#anchor` links reach them. MDX is the place for trusted components.
 */
export const RAW_HTML_SCHEMA: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'video', 'audio', 'track', 'figure', 'figcaption', 'mark', 'abbr', 'u', 'small', 'caption', 'col', 'colgroup'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []), 'className', 'ariaHidden', 'ariaLabel', 'role'],
    a: [...(defaultSchema.attributes?.a ?? []), 'target', 'rel'],
    img: [...(defaultSchema.attributes?.img ?? []), 'loading', 'decoding', 'srcSet', 'sizes'],
    source: [...(defaultSchema.attributes?.source ?? []), 'src', 'type', 'sizes'],
    video: ['src', 'poster', 'controls', 'loop', 'muted', 'playsInline', 'preload', 'autoPlay'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
  },
  protocols: { ...defaultSchema.protocols, poster: ['http', 'https'] },
  // Element nesting is the browser's business: each tag is judged on its own, so a `<td>` in one HTML block and its
  // `<table>` in another are both kept.
  ancestors: {},
  clobber: [],
  clobberPrefix: '',
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext'],
};

/**
 * The scheme of a URL that would run script or show a page of its own when followed or loaded: `javascript:`,
 * `vbscript:`, and `data:` (except images, where `data:image/...` is common and inert). Browsers ignore tabs, newlines
 * and controls inside the scheme, so those are removed before looking.
 */
export function unsafeUrlScheme(url: string, kind: 'link' | 'image'): string | undefined {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''))?.[1].toLowerCase();
  if (scheme === 'javascript' || scheme === 'vbscript') return scheme;
  if (scheme === 'data' && !(kind === 'image' && /^\s*data:image\/(?:png|gif|jpe?g|webp|avif|svg\+xml)[;,]/i.test(url))) return scheme;
  return undefined;
}

export interface Removal {
  /** What was taken out, for the warning: `<script> element`, `onerror attribute of <img>`. */
  what: string;
  /** Offset in the HTML text where it stood. */
  offset: number;
}

/**
 * Sanitizes one piece of author HTML (one mdast `html` node), tag by tag: an HTML block may open an element that a
 * later block closes (`<details>` around markdown, `<kbd>` and `</kbd>` around text), so the pieces are not trees and
 * are read with htmlparser2's tokenizer, not a parser that would drop an unmatched end tag. The result is rebuilt from
 * tokens, never copied through: each start tag is sanitized by hast-util-sanitize and serialized again, end tags are
 * kept only for allowed elements, text is escaped, comments and declarations are dropped. What the browser parses is
 * therefore exactly what was checked.
 */
export function sanitizeRawHtml(html: string, schema: Schema = RAW_HTML_SCHEMA): { html: string; removed: Removal[] } {
  const allowed = new Set(schema.tagNames ?? []);
  const stripped = new Set(schema.strip ?? []);
  const out: string[] = [];
  const removed: Removal[] = [];
  // Inside a stripped element (script, iframe…) nothing is kept until it closes.
  let strippedName: string | undefined;
  let strippedDepth = 0;
  let tag: { name: string; offset: number; attributes: Record<string, string> } | undefined;
  let attribute: { name: string; value: string } | undefined;
  let text = '';

  const flushText = () => {
    if (text !== '' && strippedName === undefined) out.push(toHtml({ type: 'text', value: text }));
    text = '';
  };
  const openTag = (selfClosing: boolean) => {
    if (!tag) return;
    const { name, offset, attributes } = tag;
    tag = undefined;
    if (strippedName !== undefined) {
      if (name === strippedName && !selfClosing) strippedDepth++;
      return;
    }
    if (stripped.has(name) || !allowed.has(name)) {
      removed.push({ what: `<${name}> element`, offset });
      if (stripped.has(name) && !selfClosing && !VOID.has(name)) {
        strippedName = name;
        strippedDepth = 1;
      }
      return;
    }
    const start = sanitizeStartTag(name, attributes, schema);
    for (const lost of start.lost) removed.push({ what: `${lost} attribute of <${name}>`, offset });
    out.push(start.tag);
  };

  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      ontext: (start, end) => (text += html.slice(start, end)),
      ontextentity: (codepoint) => (text += String.fromCodePoint(codepoint)),
      onopentagname: (start, end) => {
        flushText();
        tag = { name: html.slice(start, end).toLowerCase(), offset: start - 1, attributes: {} };
      },
      onattribname: (start, end) => (attribute = { name: html.slice(start, end).toLowerCase(), value: '' }),
      onattribdata: (start, end) => {
        if (attribute) attribute.value += html.slice(start, end);
      },
      onattribentity: (codepoint) => {
        if (attribute) attribute.value += String.fromCodePoint(codepoint);
      },
      onattribend: () => {
        if (tag && attribute && !Object.hasOwn(tag.attributes, attribute.name)) tag.attributes[attribute.name] = attribute.value;
        attribute = undefined;
      },
      onopentagend: () => openTag(false),
      onselfclosingtag: () => openTag(true),
      onclosetag: (start, end) => {
        flushText();
        const name = html.slice(start, end).toLowerCase();
        if (strippedName !== undefined) {
          if (name === strippedName && --strippedDepth === 0) strippedName = undefined;
          return;
        }
        if (!VOID.has(name) && allowed.has(name) && !stripped.has(name)) out.push(`</${name}>`);
      },
      oncomment: flushText,
      oncdata: flushText,
      ondeclaration: flushText,
      onprocessinginstruction: flushText,
      onend: flushText,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  return { html: out.join(''), removed };
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** The start tag as hast-util-sanitize leaves it, and the attributes it took away. */
function sanitizeStartTag(name: string, attributes: Record<string, string>, schema: Schema): { tag: string; lost: string[] } {
  const element = h(name, attributes) as Element;
  const cleaned = sanitize({ type: 'root', children: [element] }, schema) as Root;
  const kept = cleaned.children.find((node): node is Element => node.type === 'element');
  const keptProperties: Properties = kept?.properties ?? {};
  const lost = Object.keys(element.properties)
    .filter((key) => keptProperties[key] === undefined || String(keptProperties[key]) !== String(element.properties[key]))
    .map((key) => attributeName(key, attributes));
  const serialized = toHtml({ type: 'element', tagName: name, properties: keptProperties, children: [] });
  return { tag: VOID.has(name) ? serialized : serialized.slice(0, serialized.length - `</${name}>`.length), lost };
}

/** The attribute as the author wrote it, for the warning (hast names it `className`, the author `class`). */
function attributeName(property: string, attributes: Record<string, string>): string {
  const lower = property.toLowerCase();
  return Object.keys(attributes).find((name) => name.replace(/-/g, '') === lower || (property === 'className' && name === 'class')) ?? property;
}
