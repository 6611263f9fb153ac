import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import typescript from 'highlight.js/lib/languages/typescript';

/** The languages protodocs can highlight; a site enables a subset with `highlightLanguages`. */
export const HIGHLIGHT_LANGUAGES = ['bash', 'json', 'python', 'javascript', 'typescript', 'php', 'ruby'] as const;

const DEFINITIONS = { bash, json, python, javascript, typescript, php, ruby };

// A private instance, registered once at load: the shared `highlight.js/lib/core` singleton could be touched by
// other code, and registration per call would be wasted work.
const highlighter = hljs.newInstance();
for (const name of HIGHLIGHT_LANGUAGES) highlighter.registerLanguage(name, DEFINITIONS[name]);

// Authors write `js`, `ts`, `sh`, `py`...; every alias maps to the canonical name a site enables.
const CANONICAL_NAME: ReadonlyMap<string, string> = new Map(
  HIGHLIGHT_LANGUAGES.flatMap((name) => [
    [name, name] as const,
    ...(highlighter.getLanguage(name)?.aliases ?? []).map((alias) => [alias.toLowerCase(), name] as const),
  ]),
);

/** The canonical language of a fence info word when it is enabled, else undefined. */
export function enabledLanguage(lang: string, enabled: readonly string[]): string | undefined {
  const name = CANONICAL_NAME.get(lang.toLowerCase());
  if (!name) return undefined;
  return enabled.some((entry) => CANONICAL_NAME.get(entry.toLowerCase()) === name) ? name : undefined;
}

/** highlight.js HTML (spans with `hljs-*` classes; the code itself escaped). */
export function highlightCode(code: string, language: string): string {
  return highlighter.highlight(code, { language, ignoreIllegals: true }).value;
}
