import type { Root as HastRoot } from 'hast';
import type { List } from 'mdast';
import { toHtml } from 'hast-util-to-html';
import { toHast } from 'mdast-util-to-hast';
import { describe, expect, test } from 'vitest';
import { parseMarkdown } from './parse.ts';
import { createListItemHandler } from './list-items.ts';

const LISTS = {
  tight: '- one\n- two\n- three\n',
  'loose by a blank line': '- one\n\n- two\n- three\n',
  'loose by an item of two paragraphs': '1. one\n\n   more\n2. two\n',
  'tasks, tight and loose': '- [ ] todo\n- [x] done\n\n* [ ] a\n\n  b\n* [x] c\n',
  'nested, inner loose and outer tight': '- a\n  - b\n\n  - c\n- d\n',
  'items with code and quotes': '- ```\n  code\n  ```\n- > quote\n- \n',
};

function html(source: string, withHandler: boolean): string {
  const { mdast } = parseMarkdown(source, { file: 'x.md', mdx: false });
  const hast = toHast(mdast, withHandler ? { handlers: { listItem: createListItemHandler() } } : {}) as HastRoot;
  return toHtml(hast);
}

describe('list items', () => {
  test.each(Object.entries(LISTS))('%s: the same HTML as mdast-util-to-hast on its own', (_name, source) => {
    const expected = html(source, false);
    expect(expected).toMatch(/<li[ >]/);
    expect(html(source, true)).toBe(expected);
  });

  test("each list's items are walked once, not once per item", () => {
    const { mdast } = parseMarkdown('- a\n'.repeat(200), { file: 'x.md', mdx: false });
    const list = mdast.children[0] as List;
    let reads = 0;
    for (const item of list.children) {
      const spread = item.spread;
      Object.defineProperty(item, 'spread', {
        get: () => {
          reads++;
          return spread;
        },
      });
    }
    toHast(mdast, { handlers: { listItem: createListItemHandler() } });
    // Deciding looseness reads every item's `spread` once per list; once per item would be 200 × 200 reads.
    expect(reads).toBeLessThanOrEqual(200 * 2);
    expect(reads).toBeGreaterThan(0);
  });
});
