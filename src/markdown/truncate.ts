import type { Root } from 'hast';
import type { Html } from 'mdast';
import { defaultHandlers, type Handler } from 'mdast-util-to-hast';
import { raw } from './hast-build.ts';

/** Placeholder left in the hast where `<!-- truncate -->` was; never reaches the output. */
export const TRUNCATE_MARKER = '<!-- truncate -->';

const TRUNCATE_COMMENT = /^<!--\s*truncate\s*-->$/;

/** Author HTML passes through as raw HTML (authors are trusted); a top-level truncate comment becomes the marker. */
export const htmlHandler: Handler = (state, node: Html, parent) => {
  if (parent?.type === 'root' && TRUNCATE_COMMENT.test(node.value.trim())) return raw(TRUNCATE_MARKER);
  return defaultHandlers.html(state, node);
};

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
