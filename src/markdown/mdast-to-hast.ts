import type { Nodes as HastNodes } from 'hast';
import type { Definition, FootnoteDefinition, Nodes, Root } from 'mdast';
import { toHast, type Handler, type Options, type State } from 'mdast-util-to-hast';

/** Stands for the document in the tree given to toHast; its handler converts the document itself. */
const DOCUMENT = 'protodocsDocument';

// Phrasing holders: definitions are flow content, so none can be inside one, and they hold most of a page's nodes.
const PHRASING_ONLY: ReadonlySet<string> = new Set(['paragraph', 'heading', 'table']);

/**
 * `toHast(tree, options)` for a tree that is only serialised: the same tree without positions, made without two
 * costs of the library that HTML never shows.
 * - toHast first visits every node (unist-util-visit, three allocations a node) to index definitions and footnote
 *   definitions: on a typical page that cost as much as the conversion itself. The library is given a one-node
 *   stand-in for the document, whose handler fills the same maps of the same state from a walk of the blocks only,
 *   then converts the real root; the footnote section toHast appends reads those maps.
 * - Every handler copies its node's position onto its result (`state.patch`, three objects a node), a quarter of
 *   the conversion; nothing reads a position from the HAST, and HTML has none.
 */
export function mdastToHast(tree: Root, options: Options): HastNodes {
  const document: Handler = (state) => {
    indexDefinitions(tree, state);
    state.patch = leavePositionOut;
    return state.one(tree, undefined);
  };
  const standIn = { type: DOCUMENT } as unknown as Root;
  // Not a node type mdast declares, so not a key the Handlers type names.
  const handlers: Record<string, Handler | undefined> = { ...options.handlers, [DOCUMENT]: document };
  return toHast(standIn, { ...options, handlers });
}

function leavePositionOut(): undefined {
  return undefined;
}

/** The library's rule: by identifier upper-cased, the first in document order wins. */
function indexDefinitions(node: Nodes, state: State): void {
  if (node.type === 'definition') addFirst(state.definitionById, node);
  else if (node.type === 'footnoteDefinition') addFirst(state.footnoteById, node);
  if (!('children' in node) || PHRASING_ONLY.has(node.type)) return;
  for (const child of node.children) indexDefinitions(child, state);
}

function addFirst<T extends Definition | FootnoteDefinition>(map: Map<string, T>, node: T): void {
  const id = String(node.identifier).toUpperCase();
  if (!map.has(id)) map.set(id, node);
}
