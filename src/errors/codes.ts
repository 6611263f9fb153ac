// The error catalogue. Codes are permanent: never renumber or reuse one.
// Ranges: PD1xxx config, PD2xxx content/frontmatter/page modules, PD3xxx markdown,
// PD4xxx routes/sidebars/versions, PD5xxx links, PD6xxx render/islands, PD8xxx output folder and file system,
// PD9xxx internal.

export const ERROR_CODES = {
  PD1001: 'config file not found',
  PD1002: 'config file failed to compile or run',
  PD1003: 'config value invalid',
  PD1004: 'config has no default export',
  PD1005: 'docs version without a name',
  PD1006: 'navbar or footer link broken',
  PD1007: 'search configured with placeholder credentials',
  PD2001: 'content folder missing',
  PD2002: 'frontmatter is not valid YAML',
  PD2003: 'frontmatter field invalid',
  PD2004: 'page module has no default export',
  PD2005: 'page module failed to compile or run',
  PD2006: 'blog author not declared',
  PD2007: 'blog tag not declared',
  PD2008: 'authors.yml or tags.yml invalid',
  PD2009: 'blog post date missing or invalid',
  PD3001: 'markdown example does not match its schema',
  PD3002: 'unknown schema named by a code block',
  PD3003: 'code block is not valid JSON',
  PD3004: 'unknown MDX component',
  PD3005: 'MDX expression or non-literal prop',
  PD3006: 'unknown admonition type',
  PD3007: 'duplicate heading id',
  PD3008: 'image not found',
  PD4001: 'sidebar item without a link target',
  PD4002: 'two files produce one URL',
  PD4003: 'sidebar invalid',
  PD4004: 'docs version has no main doc',
  PD5001: 'broken internal link',
  PD5002: 'broken anchor',
  PD5003: 'crawl found a broken link',
  PD6001: 'page failed to render',
  PD6002: 'island props are not JSON',
  PD6003: 'client component cannot be bundled for the browser',
  PD8001: 'output folder holds the site or its sources',
  PD8002: 'output folder inside a source folder',
  PD8003: 'output folder holds files protodocs did not write',
  PD8004: 'output path is a file or a link',
  PD8005: 'output folder is read-only',
  PD8006: 'file-system operation failed',
  PD8007: 'output file outside the output folder',
  PD9000: 'internal error in protodocs',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Problems with how protodocs was asked to run rather than with the site: the CLI exits 2 for them, as for a bad flag.
 * They are found before any work is done.
 */
export const USAGE_CODES: ReadonlySet<ErrorCode> = new Set(['PD8001', 'PD8002', 'PD8003', 'PD8004', 'PD8005']);
