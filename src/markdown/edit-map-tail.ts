import type { Event } from 'micromark-util-types';
import { EditMap } from 'micromark-util-edit-map';

/**
 * micromark applies its edits to an event list by copying the whole list, the untouched start included. The document
 * tokenizer edits its own list each time a nested container closes, so a file of n nested list items costs n²: 95 s
 * and 1.5 GB for a 199 KB file of `- a\n  - b\n`, under the size limit that is meant to keep any file to a few
 * seconds. This `consume` keeps the start in place and rebuilds only from the first edit on. The edits, their order and
 * the resulting list are the library's; `edit-map-tail.test.ts` compares both on every kind of edit.
 */
export function consumeFromFirstEdit(this: EditMap, events: Event[]): undefined {
  const edits = this.map.sort((a, b) => a[0] - b[0]);
  if (edits.length === 0) return undefined;
  const start = edits[0][0];
  const tail = events.slice(start);
  const end = start + tail.length;
  events.length = start;
  let cursor = start;
  for (const [at, remove, add] of edits) {
    for (let i = cursor; i < at && i < end; i++) events.push(tail[i - start]);
    for (const event of add) events.push(event);
    cursor = at + remove;
  }
  for (let i = cursor; i < end; i++) events.push(tail[i - start]);
  this.map.length = 0;
  this.index.clear();
  return undefined;
}

/** The library's own `consume`, kept for the test that compares the two. */
export const libraryConsume = EditMap.prototype.consume;

// Every micromark parse in this process (the build's and the workers') shares this one EditMap class.
EditMap.prototype.consume = consumeFromFirstEdit;
