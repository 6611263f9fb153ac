// The fence languages protodocs highlights, by canonical name, with the other names authors write for them. Shared by
// the config schema (which names a site may enable) and the markdown stage (which grammar a fence gets).

export const HIGHLIGHT_LANGUAGES = [
  'bash',
  'console',
  'css',
  'diff',
  'dockerfile',
  'go',
  'graphql',
  'html',
  'ini',
  'java',
  'javascript',
  'json',
  'markdown',
  'php',
  'python',
  'ruby',
  'rust',
  'sql',
  'typescript',
  'yaml',
] as const;

export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number];

/** Other fence names → canonical name. `shell` is bash (as in Docusaurus); `console` is a session with prompts. */
export const HIGHLIGHT_ALIASES: Readonly<Record<string, HighlightLanguage>> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  shellsession: 'console',
  'shell-session': 'console',
  'sh-session': 'console',
  terminal: 'console',
  patch: 'diff',
  docker: 'dockerfile',
  golang: 'go',
  gql: 'graphql',
  xml: 'html',
  xhtml: 'html',
  svg: 'html',
  toml: 'ini',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsonc: 'json',
  json5: 'json',
  md: 'markdown',
  mdx: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  yml: 'yaml',
};

/** The canonical name of a fence language or alias (any case), or undefined when protodocs has no grammar for it. */
export function canonicalLanguage(name: string): HighlightLanguage | undefined {
  const lower = name.toLowerCase();
  if ((HIGHLIGHT_LANGUAGES as readonly string[]).includes(lower)) return lower as HighlightLanguage;
  return Object.hasOwn(HIGHLIGHT_ALIASES, lower) ? HIGHLIGHT_ALIASES[lower] : undefined;
}
