// In-memory route tables and rendered sections for the search tests (no disk, no esbuild).

import type { DocumentHtml, Section } from '../markdown/index.ts';
import type { RouteTable } from '../routes/index.ts';
import {
  loadSearchIndex,
  upgradeSearchIndex,
  type LoadedSearchIndex,
  type SearchFullIndexFile,
  type SearchIndexFile,
  type SearchTextsFile,
} from '../search-engine/index.ts';
import { buildSearchIndexFiles } from './index-files.ts';
import { buildSearchRecords } from './records.ts';
import type { SearchRecord } from './types.ts';

export interface FakePage {
  kind: 'doc' | 'post' | 'page';
  file: string;
  url: string;
  title: string;
  tags?: string[];
  version?: string;
  category?: string;
  /** The frontmatter's description. */
  description?: string;
  sections: Section[];
}

export function section(heading: string, text: string, depth = 2, id?: string): Section {
  return { id: depth === 0 ? undefined : id ?? heading.toLowerCase().replace(/[^a-z0-9]+/g, '-'), heading, depth, text };
}

/** Just the parts of a RouteTable and DocumentHtml map that the search stage reads. */
export function fakeSite(pages: FakePage[]): { table: RouteTable; html: Map<string, DocumentHtml> } {
  const html = new Map<string, DocumentHtml>();
  for (const p of pages) html.set(p.file, { sections: p.sections } as DocumentHtml);
  const table = {
    docs: pages
      .filter((p) => p.kind === 'doc')
      .map((p) => ({
        file: { file: p.file },
        url: p.url,
        title: p.title,
        description: p.description,
        tags: p.tags ?? [],
        version: p.version ?? 'current',
        breadcrumbs: p.category ? [{ label: p.category }] : [],
      })),
    posts: pages
      .filter((p) => p.kind === 'post')
      .map((p) => ({ file: { file: p.file }, url: p.url, title: p.title, description: p.description, tags: (p.tags ?? []).map((label) => ({ label })) })),
    pages: pages.filter((p) => p.kind === 'page').map((p) => ({ file: { file: p.file }, url: p.url, title: p.title, description: p.description })),
    versions: [
      { name: 'current', label: 'v2.0.0', basePath: '/docs/', mainDocUrl: '/docs/intro/', current: true },
      { name: '1.0', label: 'v1.0.0', basePath: '/docs/1.0/', mainDocUrl: '/docs/1.0/intro/', current: false },
    ],
  } as unknown as RouteTable;
  return { table, html };
}

export const SAMPLE_PAGES: FakePage[] = [
  {
    kind: 'doc',
    file: 'content/docs/intro.md',
    url: '/docs/intro/',
    title: 'Introduction',
    tags: ['basics'],
    sections: [
      section('', 'The protocol lets publishers verify domains and receive receipts.', 0),
      section('Overview', 'Publishers, clients and the attestation service.'),
    ],
  },
  {
    kind: 'doc',
    file: 'content/docs/domain-verification.md',
    url: '/docs/domain-verification/',
    title: 'Domain verification',
    tags: ['publishers'],
    category: 'Publishers',
    sections: [
      section('', 'Prove that you control a website.', 0),
      section('DNS TXT record', 'Add a TXT record at _pd-verification.<domain> with your token.'),
      section('Well-known file', 'Publish the token at a well-known path.'),
      section('Troubleshooting', 'The file must be plain text, without redirects.', 3),
    ],
  },
  {
    kind: 'doc',
    file: 'content/docs/receipts.md',
    url: '/docs/receipts/',
    title: 'Receiving receipts',
    tags: ['publishers'],
    category: 'Publishers',
    sections: [
      section('Receiving receipts', 'A receipt is a signed note from an AI system.', 1, 'receiving-receipts'),
      section('Verifying the signature', 'Check the signature. Domain verification must be done first, and verification of the domain is cached.'),
    ],
  },
  {
    kind: 'doc',
    file: 'content/docs/escaping.md',
    url: '/docs/escaping/',
    title: 'Escaping <markup> & more',
    sections: [section('', 'Mentions the <script>alert("x")</script> tag and AT&T; amp is a word too.', 0)],
  },
  {
    kind: 'doc',
    file: 'content/versioned_docs/1.0/legacy.md',
    url: '/docs/1.0/legacy/',
    title: 'Legacy setup',
    version: '1.0',
    sections: [section('Zanzibar flag', 'A flag named zanzibar exists only in version one.')],
  },
  {
    kind: 'post',
    file: 'content/blog/2025-01-02-launch.md',
    url: '/blog/launch/',
    title: 'Launching receipts',
    tags: ['News'],
    sections: [section('', 'Receipts are live for every publisher.', 0), section('What changes', 'Nothing changes for readers.')],
  },
  {
    kind: 'page',
    file: 'content/pages/about.md',
    url: '/about/',
    title: 'About',
    sections: [section('About', 'Made by the fixture team.', 1, 'about')],
  },
];

export function sampleRecords(baseUrl = '/'): SearchRecord[] {
  return buildSearchRecords({ ...fakeSite(SAMPLE_PAGES), baseUrl, language: 'en' });
}

/** Builds the files and revives them as the browser would (full-text index and texts loaded). */
export function loadedIndexes(records: SearchRecord[], baseUrl = '/'): { main: LoadedSearchIndex; byScope: Map<string, LoadedSearchIndex>; files: Map<string, string>; indexUrl: string } {
  const { files, indexUrl } = buildSearchIndexFiles(records, { baseUrl });
  const prefix = baseUrl.replace(/\/$/, '') + '/';
  const byUrl = (url: string) => {
    const text = files.get(url.slice(prefix.length));
    if (text === undefined) throw new Error(`no file for ${url}`);
    return JSON.parse(text) as unknown;
  };
  const load = (url: string) => {
    const file = byUrl(url) as SearchIndexFile;
    const loaded = loadSearchIndex(file);
    upgradeSearchIndex(loaded, byUrl(file.fullUrl) as SearchFullIndexFile);
    loaded.texts = (byUrl(file.textsUrl) as SearchTextsFile).texts;
    return loaded;
  };
  const main = load(indexUrl);
  const byScope = new Map<string, LoadedSearchIndex>([['main', main]]);
  for (const v of main.file.versions) if (v.url) byScope.set(v.name, load(v.url));
  return { main, byScope, files, indexUrl };
}
