import type { Root } from 'hast';
import type { Html } from 'mdast';
import type { Handler } from 'mdast-util-to-hast';
import { markdownDiagnostic } from './diagnostic.ts';
import { raw } from './hast-build.ts';
import type { RenderContext } from './render-context.ts';
import { sanitizeRawHtml } from './sanitize-html.ts';

/** Placeholder left in the hast where `<!-- truncate -->` was; never reaches the output. */
export const TRUNCATE_MARKER = '<!-- truncate -->';

const TRUNCATE_COMMENT = /^<!--\s*truncate\s*-->$/;

/**
 * Author HTML is sanitized (any contributor can write it, and a host may not send the site's CSP), each removal a
 * warning where it was written; a top-level truncate comment becomes the marker.
 */
export function htmlHandler(context: RenderContext): Handler {
  return (_state, node: Html, parent) => {
    if (parent?.type === 'root' && TRUNCATE_COMMENT.test(node.value.trim())) return raw(TRUNCATE_MARKER);
    const { html, removed } = sanitizeRawHtml(node.value);
    for (const removal of removed) {
      context.diagnostics.push({
        ...markdownDiagnostic('PD3020', context.file, positionIn(node, removal.offset), `Removed the ${removal.what} from this HTML: raw HTML in .md pages may not run script or embed other pages.`, 'use markdown, or an MDX component for interactive parts'),
        severity: 'warning',
      });
    }
    return html === '' ? undefined : raw(html);
  };
}

/** File position of an offset inside an html node's text. */
function positionIn(node: Html, offset: number): { line: number; column: number } {
  const start = node.position?.start ?? { line: 1, column: 1 };
  const before = node.value.slice(0, offset);
  const newline = before.lastIndexOf('\n');
  const lines = before.split('\n').length - 1;
  return lines === 0 ? { line: start.line, column: start.column + offset } : { line: start.line + lines, column: offset - newline };
}

export interface SplitRoot {
  /** The document without the marker. */
  body: Root;
  /** The top-level nodes before the marker, when there is one. */
  excerpt?: Root;
}

export function splitAtTruncate(root: Root): SplitRoot {
  const index = root.children.findIndex((node) => node.type === 'raw' && node.value === TRUNCATE_MARKER);
  if (index === -1) return { body: root };
  // Skip the '\n' that separated the marker from the next block, or the body would get an empty line there.
  const next = root.children[index + 1];
  const after = next?.type === 'text' && next.value.trim() === '' ? index + 2 : index + 1;
  return {
    body: { ...root, children: [...root.children.slice(0, index), ...root.children.slice(after)] },
    excerpt: { ...root, children: trimTrailingNewlines(root.children.slice(0, index)) },
  };
}

// mdast-util-to-hast puts '\n' text nodes between blocks; the one before the marker would dangle in the excerpt.
function trimTrailingNewlines(children: Root['children']): Root['children'] {
  let end = children.length;
  while (end > 0) {
    const last = children[end - 1];
    if (last.type !== 'text' || last.value.trim() !== '') break;
    end--;
  }
  return children.slice(0, end);
}
