import type { SiteConfig } from '../config/index.ts';
import type { RouteTable } from '../routes/index.ts';
import { withBase } from '../shared/index.ts';

/** `/docs/intro/` → `docs/intro.md`: each doc's markdown beside its route, for AI readers. */
export function markdownFileOf(url: string): string {
  return url.replace(/^\//, '').replace(/\/$/, '') + '.md';
}

function docMarkdown(title: string, description: string | undefined, body: string): string {
  return `# ${title}\n\n${description ? `> ${description}\n\n` : ''}${body.trim()}\n`;
}

/** llms.txt, llms-full.txt and one .md per doc of the current version. */
export function llmsFiles(config: SiteConfig, table: RouteTable): Map<string, string> {
  const files = new Map<string, string>();
  const current = table.versions[0]?.name;
  const docs = table.docs.filter((d) => d.version === current);
  const origin = config.origin;
  const index = docs
    .map((d) => `- [${d.title}](${origin}${withBase(config.baseUrl, '/' + markdownFileOf(d.url))})${d.description ? `: ${d.description}` : ''}`)
    .join('\n');
  files.set('llms.txt', `# ${config.title}\n\n> ${config.tagline}\n\n## Docs\n\n${index}\n`);
  files.set(
    'llms-full.txt',
    `# ${config.title}\n\n> ${config.tagline}\n\n` + docs.map((d) => docMarkdown(d.title, d.description, d.file.body)).join('\n---\n\n'),
  );
  for (const doc of docs) files.set(markdownFileOf(doc.url), docMarkdown(doc.title, doc.description, doc.file.body));
  return files;
}
