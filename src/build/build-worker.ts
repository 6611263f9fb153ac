import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import type { Node } from 'unist';
import type { ParsedMarkdown } from '../markdown/types.ts';
import type { SearchRecord } from '../search/index.ts';
import type { RouteData } from '../shared/index.ts';
import { parseJob, prepareRender, renderJob, summarize, type ParseJob, type RenderContextData, type RenderJob } from './markdown-jobs.ts';

// A build worker keeps the syntax trees it parsed, so phase 2 (render) never ships a tree across threads. The search
// indexer and the page renderer load only when first asked for: small sites never start workers at all.

export type WorkerRequest =
  | { id: number; type: 'parse'; jobs: ParseJob[] }
  /** `last`: the worker's final batch, after which it drops its trees. */
  | { id: number; type: 'render'; context?: RenderContextData; jobs: RenderJob[]; last: boolean }
  /** `writeTo`: the output folder the files go straight into; they are then left out of the reply (`onDisk`). */
  | { id: number; type: 'search'; records: SearchRecord[]; baseUrl: string; recordsHash: string; writeTo?: string }
  | { id: number; type: 'bodies'; routes: RouteData[] };

export type BodyResult = { ok: true; body: string } | { ok: false; error: string };

const trees = new Map<string, ParsedMarkdown>();
/** The render helpers of the current render phase: its first batch brings the context, the rest share it. */
let prepared: ReturnType<typeof prepareRender> | undefined;

/** Node types whose start position a render diagnostic can report (links, images, examples, admonitions, headings). */
const REPORTED = new Set(['link', 'linkReference', 'definition', 'image', 'imageReference', 'code', 'heading', 'containerDirective', 'leafDirective', 'textDirective']);

/**
 * Trees wait in a worker from parse to render, all of them at once: at 10,000 pages, position objects (three per
 * node) are most of their memory. Rendering reads only the start line and column of a few node types; the HTML never
 * depends on positions.
 */
function keepRenderPositions<T extends Node>(node: T): T {
  if (node.position) {
    if (REPORTED.has(node.type)) {
      const start = { line: node.position.start.line, column: node.position.start.column };
      node.position = { start, end: start };
    } else delete node.position;
  }
  if ('children' in node && Array.isArray(node.children)) for (const child of node.children as Node[]) keepRenderPositions(child);
  return node;
}

// After a phase, a worker's heap is mostly garbage (parsing allocates far more than the trees it keeps) that V8 would
// keep around, counted in the process's memory, until it next needs the space: a full collection gives it back.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'parse': {
      const out = request.jobs.map((job) => {
        const parsed = parseJob(job);
        trees.set(job.file, { ...parsed, mdast: keepRenderPositions(parsed.mdast) });
        return summarize(parsed);
      });
      collectGarbage();
      return out;
    }
    case 'render': {
      if (request.context) prepared = prepareRender(request.context);
      const ready = prepared!;
      const out = request.jobs.map((job) => {
        const tree = trees.get(job.file)!;
        trees.delete(job.file);
        return renderJob(tree, job, ready);
      });
      if (request.last) {
        trees.clear();
        prepared = undefined;
      }
      return out;
    }
    case 'search': {
      const { buildSearchIndexFiles } = await import('../search/index-files.ts');
      const { writeTo } = request;
      const write =
        writeTo === undefined
          ? undefined
          : (rel: string, text: string) => {
              const target = path.join(writeTo, rel);
              mkdirSync(path.dirname(target), { recursive: true });
              writeFileSync(target, text);
            };
      const search = buildSearchIndexFiles(request.records, { baseUrl: request.baseUrl, recordsHash: request.recordsHash, write });
      return { ...search, onDisk: write !== undefined };
    }
    case 'bodies': {
      const { renderPageBody } = await import('../render/render-page.ts');
      return request.routes.map((route): BodyResult => {
        try {
          return { ok: true, body: renderPageBody(route) };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      });
    }
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) => parentPort!.postMessage({ id: request.id, ok: true, result }),
    (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
  );
});
