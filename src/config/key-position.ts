import { positionAt } from '../errors/index.ts';

/**
 * Source position of a config key path such as ["navbar", "items", 3, "label"] in site.config.ts (or the sidebars
 * module): follows the object and array literals of `defineConfig({ ... })` (or `export default { ... }`, or the
 * object a default-exported variable is set to), so `items[3].label` is the label of the fourth item. Where the
 * value is not written as a literal (an imported object, say), it is the deepest key it could follow; when the
 * literal cannot be found at all, the first match of each key in turn, as before.
 */
export function findKeyPosition(source: string, keyPath: readonly PropertyKey[]): { line: number; column: number } | undefined {
  const root = rootLiteral(source);
  const found = root === undefined ? undefined : followPath(source, root, keyPath);
  const offset = found ?? firstMatches(source, keyPath);
  return offset === undefined ? undefined : positionAt(source, offset);
}

/** Position of the config object itself (where a missing top-level key belongs). */
export function findConfigPosition(source: string): { line: number; column: number } | undefined {
  const call = /\bdefine(?:Config|Sidebars)\s*\(/.exec(source) ?? /\bexport\s+default\b/.exec(source);
  return call ? positionAt(source, call.index) : undefined;
}

// The `{` of the default-exported config object.
function rootLiteral(source: string): number | undefined {
  const call = /\bdefine(?:Config|Sidebars)\s*\(/.exec(source);
  if (call) return literalAt(source, skipTrivia(source, call.index + call[0].length), '{');
  const exported = /\bexport\s+default\s+/.exec(source);
  if (!exported) return undefined;
  const start = skipTrivia(source, exported.index + exported[0].length);
  if (source[start] === '{') return start;
  const name = /^[A-Za-z_$][\w$]*/.exec(source.slice(start))?.[0];
  if (!name) return undefined;
  const declaration = new RegExp(`\\b(?:const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\b[^=]*=\\s*`).exec(source);
  return declaration ? literalAt(source, skipTrivia(source, declaration.index + declaration[0].length), '{') : undefined;
}

function literalAt(source: string, at: number, open: '{' | '['): number | undefined {
  return source[at] === open ? at : undefined;
}

/** Offset of the deepest key (or array item) of the path found by following literals from `open`. */
function followPath(source: string, open: number, keyPath: readonly PropertyKey[]): number | undefined {
  let container = open;
  let found: number | undefined;
  for (const key of keyPath) {
    let valueStart: number | undefined;
    if (typeof key === 'number' && source[container] === '[') {
      valueStart = arrayItems(source, container)[key];
      if (valueStart === undefined) return found;
      found = valueStart;
    } else if (typeof key === 'string' && source[container] === '{') {
      const property = objectProperties(source, container).find((p) => p.key === key);
      if (!property) return found;
      found = property.keyStart;
      valueStart = property.valueStart;
    } else {
      return found;
    }
    // A value that is not a literal (a variable, a call) cannot be followed any deeper.
    if (valueStart === undefined || (source[valueStart] !== '{' && source[valueStart] !== '[')) return found;
    container = valueStart;
  }
  return found;
}

interface Property {
  key: string;
  keyStart: number;
  /** Where the value starts; undefined for a shorthand property. */
  valueStart?: number;
}

/** The properties directly inside the object literal opening at `open`. */
function objectProperties(source: string, open: number): Property[] {
  const properties: Property[] = [];
  let i = skipTrivia(source, open + 1);
  while (i < source.length && source[i] !== '}') {
    const keyStart = i;
    let key: string | undefined;
    if (source[i] === '"' || source[i] === "'") {
      const end = skipString(source, i);
      key = source.slice(i + 1, end - 1);
      i = end;
    } else {
      const word = /^(?:\.\.\.)?[\w$]+/.exec(source.slice(i, i + 200))?.[0];
      if (!word) return properties;
      key = word;
      i += word.length;
    }
    i = skipTrivia(source, i);
    if (source[i] === ':') {
      const valueStart = skipTrivia(source, i + 1);
      properties.push({ key, keyStart, valueStart });
      i = skipValue(source, valueStart);
    } else {
      // Shorthand (`{ navbar }`), a spread or a method: no literal value to follow.
      properties.push({ key, keyStart });
      i = skipValue(source, i);
    }
    if (source[i] === ',') i = skipTrivia(source, i + 1);
    else break;
  }
  return properties;
}

/** Start offsets of the items of the array literal opening at `open`. */
function arrayItems(source: string, open: number): number[] {
  const items: number[] = [];
  let i = skipTrivia(source, open + 1);
  while (i < source.length && source[i] !== ']') {
    items.push(i);
    i = skipValue(source, i);
    if (source[i] === ',') i = skipTrivia(source, i + 1);
    else break;
  }
  return items;
}

const CLOSE: Readonly<Record<string, string>> = { '{': '}', '[': ']', '(': ')' };

/** The offset just after a value: at the `,` or closing bracket that ends it at this depth. */
function skipValue(source: string, start: number): number {
  const stack: string[] = [];
  let i = start;
  while (i < source.length) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') i = skipString(source, i);
    else if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) i = skipTrivia(source, i);
    else if (CLOSE[c]) {
      stack.push(CLOSE[c]);
      i++;
    } else if (c === '}' || c === ']' || c === ')') {
      if (stack.length === 0) return i;
      stack.pop();
      i++;
    } else if (c === ',' && stack.length === 0) return i;
    else i++;
  }
  return i;
}

function skipString(source: string, start: number): number {
  const quote = source[start];
  let i = start + 1;
  while (i < source.length && source[i] !== quote) {
    if (source[i] === '\\') i++;
    else if (quote === '`' && source[i] === '$' && source[i + 1] === '{') i = skipValue(source, i + 2);
    i++;
  }
  return i + 1;
}

function skipTrivia(source: string, start: number): number {
  let i = start;
  for (;;) {
    while (i < source.length && /\s/.test(source[i])) i++;
    if (source.startsWith('//', i)) {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end + 1;
    } else if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else {
      return i;
    }
  }
}

// Fallback for configs that are not one literal: each key found after the previous one. Array indexes are skipped.
function firstMatches(source: string, keyPath: readonly PropertyKey[]): number | undefined {
  let from = 0;
  let found: number | undefined;
  for (const key of keyPath) {
    if (typeof key !== 'string') continue;
    const pattern = new RegExp(`(?:^|[\\s{,])(['"]?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\s*:`, 'g');
    pattern.lastIndex = from;
    const match = pattern.exec(source);
    if (!match) break;
    found = match.index + match[0].search(/['"\w]/);
    from = pattern.lastIndex;
  }
  return found;
}

/**
 * Source position of a string value in a TypeScript module (the config, the sidebars): its first occurrence in
 * quotes, or bare. Used where a problem is about a value rather than a key (a sidebar doc id, a navbar link).
 */
export function findValuePosition(source: string, value: string): { line: number; column: number } | undefined {
  const quoted = [`'${value}'`, `"${value}"`, `\`${value}\``].map((n) => source.indexOf(n)).filter((i) => i >= 0);
  const index = quoted.length ? Math.min(...quoted) : source.indexOf(value);
  return index < 0 ? undefined : positionAt(source, index);
}
