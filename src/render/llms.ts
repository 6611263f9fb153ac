import type { SiteConfig } from '../config/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { hashText } from '../files/index.ts';
import { withBase } from '../shared/index.ts';

/** `/docs/intro/` → `docs/intro.md`: each doc's markdown beside its route, for AI readers. */
export function markdownFileOf(url: string): string {
  return url.replace(/^\//, '').replace(/\/$/, '') + '.md';
}

/** A doc's `.md` twin: its title, description and body, as in llms-full.txt. */
function docMarkdown(doc: RouteTable['docs'][number]): string {
  return `# ${doc.title}\n\n${doc.description ? `> ${doc.description}\n\n` : ''}${doc.file.body.trim()}\n`;
}

function currentDocs(table: RouteTable): RouteTable['docs'] {
  const current = table.versions[0]?.name;
  return table.docs.filter((d) => d.version === current);
}

/**
 * llms.txt, llms-full.txt and one .md per doc of the current version, each made only when asked for: a build that
 * keeps a file by its key (`llmsFileKeys`) never makes its text. At 10,000 pages an edit otherwise made 60 MB of twins
 * to write one.
 */
export function llmsFiles(config: SiteConfig, table: RouteTable): Map<string, () => string> {
  const files = new Map<string, () => string>();
  const docs = currentDocs(table);
  const origin = config.origin;
  files.set('llms.txt', () => {
    const index = docs
      .map((d) => `- [${d.title}](${origin}${withBase(config.baseUrl, '/' + markdownFileOf(d.url))})${d.description ? `: ${d.description}` : ''}`)
      .join('\n');
    return `# ${config.title}\n\n> ${config.tagline}\n\n## Docs\n\n${index}\n`;
  });
  files.set('llms-full.txt', () => llmsFullSegments(config, table).map(([, make]) => make()).join(''));
  for (const doc of docs) files.set(markdownFileOf(doc.url), () => docMarkdown(doc));
  return files;
}

/**
 * llms-full.txt in parts, one per doc (the first with the file's head, the others with the rule before them), each
 * keyed by what it is made from (with `keys`, from llmsFileKeys): a build copies the parts an edit left as they were
 * from the file it wrote before (see composeSegments).
 */
export function llmsFullSegments(config: SiteConfig, table: RouteTable, keys?: ReadonlyMap<string, string>): [key: string, make: () => string][] {
  const head = `# ${config.title}\n\n> ${config.tagline}\n\n`;
  const docs = currentDocs(table);
  if (docs.length === 0) return [[keys ? hashText('llms-full-head', head) : '', () => head]];
  return docs.map((doc, i) => {
    const key = keys?.get(markdownFileOf(doc.url)) ?? '';
    return i === 0 ? [keys ? hashText('llms-full-head', head, key) : '', () => head + docMarkdown(doc)] : [key, () => '\n---\n\n' + docMarkdown(doc)];
  });
}

/**
 * What each markdown file is made from, by output path: its doc's title, description and source (the body is the
 * source less its frontmatter), and for llms-full.txt all of those. A build keeps a file whose key is unchanged without
 * hashing its text: at 10,000 pages that was 60 MB of twins and as much again of llms-full.txt on every edit.
 */
export function llmsFileKeys(config: SiteConfig, table: RouteTable): Map<string, string> {
  const keys = new Map<string, string>();
  for (const doc of currentDocs(table)) keys.set(markdownFileOf(doc.url), hashText('llms-doc', doc.title, doc.description ?? '\0', doc.file.sourceHash));
  keys.set('llms-full.txt', hashText('llms-full', config.title, config.tagline, ...keys.values()));
  return keys;
}
