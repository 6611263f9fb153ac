import type { Parent, Root, RootContent, Text } from 'mdast';
import type { Position } from 'unist';

// Only container directives mean something here (admonitions). The directive syntax would otherwise eat ordinary
// prose such as `10:30` or `:smile:`, so text and leaf directives go back to the exact source text they came from.

export function restoreLiteralDirectives(tree: Root, source: string): void {
  restoreIn(tree, source);
}

function restoreIn(parent: Parent, source: string): void {
  let changed = false;
  const children = parent.children as RootContent[];
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.type === 'textDirective') {
      children[i] = literalText(child.position, source);
      changed = true;
    } else if (child.type === 'leafDirective') {
      const text = literalText(child.position, source);
      children[i] = { type: 'paragraph', children: [text], position: copyPosition(child.position) };
    } else if ('children' in child) {
      restoreIn(child, source);
    }
  }
  if (changed) mergeAdjacentText(parent);
}

function literalText(position: Position | undefined, source: string): Text {
  const start = position?.start.offset;
  const end = position?.end.offset;
  const value = start !== undefined && end !== undefined ? source.slice(start, end) : '';
  return { type: 'text', value, position: copyPosition(position) };
}

function copyPosition(position: Position | undefined): Position | undefined {
  return position ? { start: { ...position.start }, end: { ...position.end } } : undefined;
}

// Restored text sits between the text nodes it split; joining them keeps heading-id and autolink handling simple.
function mergeAdjacentText(parent: Parent): void {
  const merged: RootContent[] = [];
  for (const child of parent.children as RootContent[]) {
    const previous = merged[merged.length - 1];
    if (previous && previous.type === 'text' && child.type === 'text') {
      merged[merged.length - 1] = {
        type: 'text',
        value: previous.value + child.value,
        position:
          previous.position && child.position
            ? { start: { ...previous.position.start }, end: { ...child.position.end } }
            : undefined,
      };
    } else {
      merged.push(child);
    }
  }
  parent.children = merged as Parent['children'];
}
