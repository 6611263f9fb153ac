import type { Element } from 'hast';
import type { Table } from 'mdast';
import { defaultHandlers, type Handler } from 'mdast-util-to-hast';
import { element } from './hast-build.ts';

/** Wide tables scroll inside `div.table-wrapper` instead of widening the page. */
export const tableHandler: Handler = (state, node: Table) => {
  const table = defaultHandlers.table(state, node) as Element;
  return element('div', { className: ['table-wrapper'], tabIndex: 0 }, [table]);
};
