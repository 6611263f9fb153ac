import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { componentFiles } from '../files/index.ts';
import { createMarkdownParser, createSchemaValidator, renderMarkdown, type DocumentHtml, type ParsedMarkdown, type RenderOptions } from '../markdown/index.ts';
import { createLinkResolver, type LinkIndex, type ParsedSummary } from '../routes/index.ts';
import { withBase } from '../shared/index.ts';

// The per-file work of the markdown stage, as functions of plain data, so the same code runs in the main thread and
// in worker threads. What a thread keeps between files (its parser, its schema validator) lives in one MarkdownJobs
// object per thread, never in module state.

export interface ParseJob {
  file: string;
  body: string;
  mdx: boolean;
  lineOffset: number;
}

export interface RenderJob {
  file: string;
  abs: string;
  fromUrl: string;
  tocMinDepth: number;
  tocMaxDepth: number;
}

export interface RenderContextData {
  linkIndex: LinkIndex;
  schemas: Record<string, object>;
  highlightLanguages: string[];
}

export interface RenderOutput {
  file: string;
  doc: DocumentHtml;
  /** Images the page uses: output path → absolute source. */
  copies: [string, string][];
}

export function summarize(parsed: ParsedMarkdown): ParsedSummary {
  const { mdast: _mdast, headings: _headings, ...summary } = parsed;
  return summary;
}

export type PreparedRender = ReturnType<MarkdownJobs['prepareRender']>;

/** The markdown work of one thread. */
export interface MarkdownJobs {
  parse(job: ParseJob): ParsedMarkdown;
  /** Build-wide render helpers made from the context data. */
  prepareRender(context: RenderContextData): {
    resolverFor: ReturnType<typeof createLinkResolver>;
    validateExample: ReturnType<typeof createSchemaValidator>;
    highlightLanguages: string[];
    baseUrl: string;
  };
}

export function createMarkdownJobs(): MarkdownJobs {
  const parser = createMarkdownParser();
  // Compiling the schemas (Ajv generates code) is the costliest part of preparing a render, and serve prepares one per
  // rebuild: the thread keeps the validator for the schemas it last saw.
  let lastValidator: { key: string; validate: ReturnType<typeof createSchemaValidator> } | undefined;
  const schemaValidator = (schemas: RenderContextData['schemas']) => {
    const key = JSON.stringify(schemas);
    if (lastValidator?.key !== key) lastValidator = { key, validate: createSchemaValidator(schemas) };
    return lastValidator.validate;
  };
  return {
    parse: (job) => parser.parse(job.body, { file: job.file, mdx: job.mdx, lineOffset: job.lineOffset }),
    prepareRender: (context) => ({
      resolverFor: createLinkResolver(context.linkIndex),
      validateExample: schemaValidator(context.schemas),
      highlightLanguages: context.highlightLanguages,
      baseUrl: context.linkIndex.baseUrl,
    }),
  };
}

/** Images get content-hashed names, so the same bytes map to the same URL from any thread. */
function imageResolver(fromAbs: string, baseUrl: string, copies: [string, string][]) {
  return (src: string): string | undefined => {
    const abs = path.resolve(path.dirname(fromAbs), decodeURI(src));
    if (!existsSync(abs)) return undefined;
    const ext = path.extname(abs);
    const hash = createHash('sha256').update(readFileSync(abs)).digest('hex').slice(0, 10);
    const out = `assets/img/${path.basename(abs, ext)}.${hash}${ext}`;
    copies.push([out, abs]);
    return withBase(baseUrl, '/' + out);
  };
}

export function renderJob(
  parsed: ParsedMarkdown,
  job: RenderJob,
  prepared: PreparedRender,
  renderComponent?: RenderOptions['renderComponent'],
): RenderOutput {
  const copies: [string, string][] = [];
  const doc = renderMarkdown(parsed, {
    file: job.file,
    resolveLink: prepared.resolverFor(job.file, job.fromUrl),
    resolveImage: imageResolver(job.abs, prepared.baseUrl, copies),
    highlightLanguages: prepared.highlightLanguages,
    validateExample: prepared.validateExample,
    renderComponent,
    components: componentFiles(job.abs, job.file),
    tocMinDepth: job.tocMinDepth,
    tocMaxDepth: job.tocMaxDepth,
  });
  return { file: job.file, doc, copies };
}
