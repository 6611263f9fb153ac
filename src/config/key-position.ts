import { positionAt } from '../errors/index.ts';

/**
 * Best-effort source position of a config key path such as ["docs", "versions", 0, "label"]: finds each object key
 * in order after the previous one. Array indexes are skipped. Good enough to point authors at the right line.
 */
export function findKeyPosition(source: string, keyPath: readonly PropertyKey[]): { line: number; column: number } | undefined {
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
  return found === undefined ? undefined : positionAt(source, found);
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
