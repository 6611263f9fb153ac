import type { LanguageFn } from 'highlight.js';
import hljs from 'highlight.js/lib/core';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import dockerfile from 'highlight.js/lib/languages/dockerfile';
import go from 'highlight.js/lib/languages/go';
import graphql from 'highlight.js/lib/languages/graphql';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { canonicalLanguage, HIGHLIGHT_LANGUAGES, type HighlightLanguage } from '../shared/index.ts';
import { bashWithCommands } from './bash-grammar.ts';

export { HIGHLIGHT_LANGUAGES };

/**
 * Grammar of each language, and the languages it embeds (`console` highlights its commands as bash, HTML its
 * `<style>` and `<script>`, markdown its inline HTML, JSX its tags).
 */
const GRAMMARS: Readonly<Record<HighlightLanguage, { grammar: LanguageFn; uses?: readonly HighlightLanguage[] }>> = {
  bash: { grammar: bashWithCommands },
  console: { grammar: shell, uses: ['bash'] },
  css: { grammar: css },
  diff: { grammar: diff },
  dockerfile: { grammar: dockerfile, uses: ['bash'] },
  go: { grammar: go },
  graphql: { grammar: graphql },
  html: { grammar: xml, uses: ['css', 'javascript'] },
  ini: { grammar: ini },
  java: { grammar: java },
  javascript: { grammar: javascript, uses: ['html'] },
  json: { grammar: json },
  markdown: { grammar: markdown, uses: ['html'] },
  php: { grammar: php },
  python: { grammar: python },
  ruby: { grammar: ruby },
  rust: { grammar: rust },
  sql: { grammar: sql },
  typescript: { grammar: typescript, uses: ['html'] },
  yaml: { grammar: yaml, uses: ['ruby'] },
};

// A private instance (the shared `highlight.js/lib/core` singleton could be touched by other code). A grammar is
// registered the first time a page uses its language, so a build pays for the languages its pages contain; the
// registrations only memoise, since the output for a language never depends on which others came first.
const highlighter = hljs.newInstance();

function ensureRegistered(language: HighlightLanguage): void {
  if (highlighter.getLanguage(language)) return;
  const { grammar, uses = [] } = GRAMMARS[language];
  // Grammars look up what they embed by highlight.js's own name, without aliases: HTML is `xml` there.
  if (language === 'html') {
    highlighter.registerLanguage('xml', grammar);
    highlighter.registerAliases('html', { languageName: 'xml' });
  } else {
    highlighter.registerLanguage(language, grammar);
  }
  for (const embedded of uses) ensureRegistered(embedded);
}

/** The canonical language of a fence info word when it is enabled, else undefined. */
export function enabledLanguage(lang: string, enabled: readonly string[]): HighlightLanguage | undefined {
  const name = canonicalLanguage(lang);
  if (!name) return undefined;
  return enabled.some((entry) => canonicalLanguage(entry) === name) ? name : undefined;
}

/** highlight.js HTML (spans with `hljs-*` classes; the code itself escaped). */
export function highlightCode(code: string, language: HighlightLanguage): string {
  ensureRegistered(language);
  return highlighter.highlight(code, { language, ignoreIllegals: true }).value;
}

/** The grammars registered so far (tests check that a build registers only what its pages use). */
export function registeredGrammars(): string[] {
  return highlighter.listLanguages().sort();
}
