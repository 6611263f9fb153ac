import { statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import type { ContentFile, ContentSet, MarkdownFile } from '../content/index.ts';
import type { Diagnostic } from '../errors/index.ts';
import { hashText } from '../files/index.ts';
import type { DocumentHtml, ParsedMarkdown, RenderOptions } from '../markdown/index.ts';
import { renderComponentHtml } from '../render/index.ts';
import { linkIndexOf, type ParsedSummary, type RouteTable } from '../routes/index.ts';
import type { MarkdownCache, Reuse } from '../reuse/index.ts';
import {
  createMarkdownJobs,
  PARALLEL_THRESHOLD,
  renderJob,
  summarize,
  type BuildPool,
  type MarkdownJobs,
  type ParseJob,
  type RenderContextData,
  type RenderJob,
  type RenderOutput,
} from '../workers/index.ts';
import type { LoadedModules } from './modules-stage.ts';

/** Part of every cache key: a new protodocs version never reuses an older one's results. */
const PROTODOCS_VERSION = '0.1.0';

export interface MarkdownStageOptions {
  /** The worker pool, asked for when a batch of `work` files to parse is full (it may judge them too few). */
  pool?: (work: number) => BuildPool | undefined;
  cache?: MarkdownCache;
  /** Settings that change any file's HTML (languages, TOC depth, protodocs version). */
  settingsKey: string;
  /** Syntax trees kept by a long-running caller between builds (MDX, which the disk cache never holds). */
  trees?: Map<string, { key: string; tree: ParsedMarkdown }>;
}

export interface RenderRequest {
  context: RenderContextData;
  jobOf: (file: MarkdownFile) => RenderJob;
  /** MDX component renderer for one file (MDX never leaves the main thread, nor enters the cache). */
  componentsFor: (file: MarkdownFile) => RenderOptions['renderComponent'];
}

function parseJobOf(file: MarkdownFile): ParseJob {
  return { file: file.file, body: file.body, mdx: file.mdx, lineOffset: file.bodyLineOffset };
}

/**
 * Files the pool is given at a time once it has started: the scan hands them over as it reads them, so the workers
 * parse while it reads the rest.
 */
const PARSE_BATCH = 128;

/**
 * The markdown stage with its two phases. Phase 1 yields what routes need; phase 2 renders HTML once links can be
 * resolved. Unchanged files come from the cache; plain markdown may run in worker threads; the output is the
 * same either way, in source order.
 */
export class MarkdownStage {
  readonly summaries = new Map<string, ParsedSummary>();
  /** Files whose results came from the cache (or, in serve, from the last build's tree). */
  cached = 0;
  private files: readonly MarkdownFile[] = [];
  private readonly trees = new Map<string, ParsedMarkdown>();
  private readonly keys = new Map<string, string>();
  /** Files parsed by the pool (their trees live in the workers). */
  private readonly remote = new Set<string>();
  /** This thread's parser and render helpers. */
  private readonly jobs: MarkdownJobs = createMarkdownJobs();
  /** The pool that parsed `remote`, and renders them. */
  private pool?: BuildPool;
  /** Files to parse that wait for a batch to fill. */
  private readonly waiting: MarkdownFile[] = [];
  /** The batches in the pool, each setting its files' summaries when it is back. */
  private readonly sent: Promise<void>[] = [];

  private constructor(private readonly options: MarkdownStageOptions) {}

  /** Whether the pool's workers parsed (and so hold the trees of) some of the files. */
  get parsedInWorkers(): boolean {
    return this.remote.size > 0;
  }

  /**
   * Phase 1 for the site's markdown files (unchanged ones from the cache, many at once in the pool), started before the
   * scan: `add` takes each file as the scan reads it, and `finish` the scan's result.
   */
  static begin(config: SiteConfig, options: { pool?: (work: number) => BuildPool | undefined; reuse: Reuse }): MarkdownStage {
    const code = options.reuse.codeKey(config.root);
    const settingsKey = JSON.stringify([PROTODOCS_VERSION, code, config.highlight.languages, config.docs.tocMinDepth, config.docs.tocMaxDepth]);
    const cache = code ? options.reuse.markdownCache(config.root) : undefined;
    return new MarkdownStage({ pool: options.pool, cache, settingsKey, trees: options.reuse.trees });
  }

  get count(): number {
    return this.files.length;
  }

  /** The problems phase 1 found, in file order. */
  diagnostics(): Diagnostic[] {
    return this.files.flatMap((file) => this.summaries.get(file.file)?.diagnostics ?? []);
  }

  /** One file as the scan read it: its summary from the cache or the last build's tree, or it waits to be parsed. */
  add(file: ContentFile): void {
    if (file.kind === 'page-module' || this.keys.has(file.file)) return;
    const { cache, settingsKey } = this.options;
    const key = hashText(settingsKey, file.file, file.sourceHash);
    this.keys.set(file.file, key);
    const cached = file.mdx ? undefined : cache?.get(file.file, key);
    const kept = this.options.trees?.get(file.file);
    if (cached || kept?.key === key) this.cached++;
    if (cached) this.summaries.set(file.file, cached.summary);
    else if (kept?.key === key) {
      // Rendering never changes a tree, so one parsed in an earlier build serves again.
      this.trees.set(file.file, kept.tree);
      this.summaries.set(file.file, summarize(kept.tree));
    } else if (this.options.pool && !file.mdx) {
      this.waiting.push(file);
      // Until the first batch, a few changed files (serve, an edit) parse here sooner than workers could start.
      if (this.waiting.length >= (this.sent.length ? PARSE_BATCH : PARALLEL_THRESHOLD)) this.send();
    } else this.parseLocally(file);
  }

  /** Phase 1's end: the scan's files (any it did not hand to `add` are added now), each with its summary. */
  async finish(content: ContentSet): Promise<this> {
    this.files = content.files.filter((f): f is MarkdownFile => f.kind !== 'page-module');
    for (const file of this.files) this.add(file);
    if (this.sent.length) {
      if (this.waiting.length) this.send();
    } else for (const file of this.waiting.splice(0)) this.parseLocally(file);
    this.pool?.endParse();
    await Promise.all(this.sent);
    return this;
  }

  private send(): void {
    const files = this.waiting.splice(0);
    const pool = (this.pool ??= this.options.pool?.(files.length));
    if (!pool) {
      for (const file of files) this.parseLocally(file);
      return;
    }
    for (const file of files) this.remote.add(file.file);
    const parsed = pool.parse(files.map(parseJobOf)).then((summaries) => summaries.forEach((summary, i) => this.summaries.set(files[i].file, summary)));
    // Awaited by `finish`; a build that stops before that must not leave it unhandled.
    parsed.catch(() => {});
    this.sent.push(parsed);
  }

  private parseLocally(file: MarkdownFile): ParsedMarkdown {
    const tree = this.jobs.parse(parseJobOf(file));
    this.trees.set(file.file, tree);
    if (file.mdx) this.options.trees?.set(file.file, { key: this.keys.get(file.file)!, tree });
    this.summaries.set(file.file, summarize(tree));
    return tree;
  }

  /** How the file's links and images resolve now: if this matches the cache, so does the HTML. */
  private fingerprint(file: MarkdownFile, job: RenderJob, resolve: ReturnType<ReturnType<MarkdownJobs['prepareRender']>['resolverFor']>, schemasKey: string): string {
    const summary = this.summaries.get(file.file)!;
    const parts = summary.links.map((link) => {
      const target = link.href.split('#')[0];
      if (link.kind === 'image') {
        try {
          const stat = statSync(path.resolve(path.dirname(file.abs), decodeURI(target)));
          return `${target}:${stat.size}:${stat.mtimeMs}`;
        } catch {
          return `${target}:missing`;
        }
      }
      return JSON.stringify(target ? resolve(target) ?? null : null);
    });
    return hashText(schemasKey, job.fromUrl, String(job.tocMinDepth), String(job.tocMaxDepth), ...parts);
  }

  async render(request: RenderRequest): Promise<RenderOutput[]> {
    const { pool } = this;
    const { cache } = this.options;
    const prepared = this.jobs.prepareRender(request.context);
    const schemasKey = hashText(JSON.stringify(request.context.schemas), request.context.highlightLanguages.join(','));
    // Unchanged, with every URL and source as the cache's entries were checked with: their fingerprints hold as they
    // are. An edit of a large site otherwise resolves every link of every page again (250 ms at 10,000 pages).
    const checked = cache?.useLinkContext(hashText(schemasKey, JSON.stringify(request.context.linkIndex))) === true;
    const outputs = new Map<string, RenderOutput>();
    const fingerprints = new Map<string, string>();
    // A document's identity (what the cache reuses its HTML by) is set on it and it is stored; MDX pages also depend on
    // their components, so they have neither.
    const keep = (output: RenderOutput) => {
      const key = this.keys.get(output.file)!;
      const fingerprint = fingerprints.get(output.file)!;
      // A document taken from the cache already has it: its entry matched this key and fingerprint.
      output.doc.identity ??= hashText(key, fingerprint);
      cache?.set(output.file, { key, summary: this.summaries.get(output.file)!, fingerprint, doc: output.doc, copies: output.copies });
      outputs.set(output.file, output);
    };
    const toPool: RenderJob[] = [];
    for (const file of this.files) {
      const job = request.jobOf(file);
      if (file.mdx) {
        const tree = this.trees.get(file.file) ?? this.parseLocally(file);
        outputs.set(file.file, renderJob(tree, job, prepared, request.componentsFor(file)));
        continue;
      }
      const cached = cache?.get(file.file, this.keys.get(file.file)!);
      // An image's fingerprint is its file's stats, which no context names.
      const fingerprint =
        checked && cached?.fingerprint !== undefined && !this.summaries.get(file.file)!.images
          ? cached.fingerprint
          : this.fingerprint(file, job, prepared.resolverFor(file.file, job.fromUrl), schemasKey);
      fingerprints.set(file.file, fingerprint);
      if (cached?.doc && cached.fingerprint === fingerprint) {
        keep({ file: file.file, doc: cached.doc, copies: cached.copies ?? [] });
      } else if (this.remote.has(file.file)) {
        toPool.push(job);
      } else {
        const tree = this.trees.get(file.file) ?? this.parseLocally(file);
        keep(renderJob(tree, job, prepared));
      }
    }
    // Kept as each batch arrives: a cache that writes its file as it goes then holds none of the batch's HTML.
    if (pool && toPool.length) await pool.render(request.context, toPool, (batch) => batch.forEach(keep));
    return this.files.flatMap((file) => outputs.get(file.file) ?? []);
  }
}

export interface DocumentsInput {
  config: SiteConfig;
  table: RouteTable;
  schemas: ContentSet['schemas'];
  modules: LoadedModules;
}

export interface Documents {
  html: Map<string, DocumentHtml>;
  /** Images the pages use: output path → absolute source. */
  copies: [string, string][];
  diagnostics: Diagnostic[];
}

/** Phase 2 of the markdown stage for the whole site, once routes can resolve links and MDX components are loaded. */
export async function renderDocuments(stage: MarkdownStage, input: DocumentsInput): Promise<Documents> {
  const { config, table, modules } = input;
  const context: RenderContextData = {
    linkIndex: linkIndexOf(table, config.baseUrl),
    schemas: Object.fromEntries([...input.schemas].map(([name, s]) => [name, s.schema])),
    highlightLanguages: [...config.highlight.languages],
  };
  const tocRange = (file: MarkdownFile) =>
    file.kind === 'doc'
      ? { tocMinDepth: file.frontmatter.toc_min_heading_level ?? config.docs.tocMinDepth, tocMaxDepth: file.frontmatter.toc_max_heading_level ?? config.docs.tocMaxDepth }
      : { tocMinDepth: config.docs.tocMinDepth, tocMaxDepth: config.docs.tocMaxDepth };
  const outputs = await stage.render({
    context,
    jobOf: (file) => ({ file: file.file, abs: file.abs, fromUrl: table.bySource.get(file.file) ?? '/', ...tocRange(file) }),
    componentsFor: (file) => {
      let count = 0;
      return (name, specifier, props) => {
        const abs = modules.imports.get(`${file.file}\0${specifier}`);
        const mod = abs ? modules.components.get(abs) : undefined;
        return mod ? renderComponentHtml(mod, name, props, `${name.toLowerCase()}${count++}-`) : '';
      };
    },
  });
  const documents: Documents = { html: new Map(), copies: [], diagnostics: [] };
  for (const output of outputs) {
    documents.diagnostics.push(...output.doc.diagnostics);
    documents.html.set(output.file, output.doc);
    documents.copies.push(...output.copies);
  }
  return documents;
}
