// In-memory route tables and rendered sections for the search tests (no disk, no esbuild).

import type { DocumentHtml, Section } from '../markdown/index.ts';
import type { RouteTable } from '../routes/index.ts';
import type { PageDetails, PageText, SearchEntry, ShardedScope, TailScores, TermChunk, TermDirectory } from '../search-engine/index.ts';
import { buildSearchIndexFiles } from './shard-files.ts';
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

export interface TestScopes {
  main: ShardedScope;
  byScope: Map<string, ShardedScope>;
  files: Map<string, string>;
  indexUrl: string;
  /** Output paths of the files the scopes fetched, in order (each once, as the browser's cache does). */
  fetched: string[];
}

/** Builds the index files and opens their scopes as the browser does, fetching from the map. */
export function shardedScopes(records: SearchRecord[], baseUrl = '/'): TestScopes {
  const { files, indexUrl } = buildSearchIndexFiles(records, { baseUrl });
  return openScopes(files, indexUrl, baseUrl);
}

/** Opens built index files as a reader who has fetched none of them yet: each call a fresh session. */
export function openScopes(files: Map<string, string>, indexUrl: string, baseUrl = '/'): TestScopes {
  const prefix = baseUrl.replace(/\/$/, '') + '/';
  const fetched: string[] = [];
  const byUrl = <T>(url: string): Promise<T> => {
    const rel = url.slice(prefix.length);
    const text = files.get(rel);
    if (text === undefined) return Promise.reject(new Error(`no file for ${url}`));
    if (!fetched.includes(rel)) fetched.push(rel);
    return Promise.resolve(JSON.parse(text) as T);
  };
  const open = (url: string): ShardedScope => {
    const entry = JSON.parse(files.get(url.slice(prefix.length))!) as SearchEntry;
    return {
      entry,
      file: (name) => byUrl<TermDirectory | TermChunk | TailScores>(entry.assets + name),
      details: (page) => byUrl<PageDetails>(`${entry.pages}${page}.json`),
      text: (page) => byUrl<PageText>(`${entry.pages}${page}.text.json`),
    };
  };
  const main = open(indexUrl);
  const byScope = new Map<string, ShardedScope>([['main', main]]);
  for (const v of main.entry.versions) if (v.url) byScope.set(v.name, open(v.url));
  return { main, byScope, files, indexUrl, fetched };
}

export interface RoundTripScopes extends TestScopes {
  /**
   * Runs `work` while answering the files it asks for a round trip at a time: every file asked for and not answered
   * yet is answered at once when nothing else is left to do. Returns its result and the files of each round.
   */
  roundTrips<T>(work: Promise<T>): Promise<{ result: T; rounds: string[][] }>;
  /** Answers round trips until nothing is asked for (what was started, prefetches say, is done). */
  quiet(): Promise<string[][]>;
}

/** Opens built index files as `openScopes` does, over a network that answers a round trip at a time (see `roundTrips`). */
export function roundTripScopes(files: Map<string, string>, indexUrl: string): RoundTripScopes {
  const asked = new Map<string, () => void>();
  const answered = new Map<string, Promise<void>>();
  // The scopes ask once per file, as the browser's cache does; each answer waits for its round.
  const opened = openScopes(files, indexUrl);
  const wait = <T>(rel: string, read: () => Promise<T>): Promise<T> => {
    let done = answered.get(rel);
    if (!done) answered.set(rel, (done = new Promise<void>((resolve) => asked.set(rel, resolve))));
    return done.then(read);
  };
  const slow = (scope: ShardedScope): ShardedScope => ({
    entry: scope.entry,
    file: (name) => wait(scope.entry.assets.slice(1) + name, () => scope.file(name)),
    details: (page) => wait(`${scope.entry.pages.slice(1)}${page}.json`, () => scope.details(page)),
    text: (page) => wait(`${scope.entry.pages.slice(1)}${page}.text.json`, () => scope.text(page)),
  });
  const byScope = new Map([...opened.byScope].map(([name, scope]) => [name, slow(scope)]));
  const idle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const answer = () => {
    const round = [...asked.keys()];
    for (const rel of round) {
      asked.get(rel)!();
      asked.delete(rel);
    }
    return round;
  };
  return {
    ...opened,
    main: byScope.get('main')!,
    byScope,
    async roundTrips<T>(work: Promise<T>) {
      const rounds: string[][] = [];
      let settled = false;
      const result = work.finally(() => (settled = true));
      result.catch(() => {});
      for (let ticks = 0; !settled; ticks++) {
        if (ticks > 1000) throw new Error('the work neither settles nor asks for files');
        await idle();
        if (!settled && asked.size > 0) rounds.push(answer());
      }
      return { result: await result, rounds };
    },
    async quiet() {
      const rounds: string[][] = [];
      for (await idle(); asked.size > 0; await idle()) rounds.push(answer());
      return rounds;
    },
  };
}
