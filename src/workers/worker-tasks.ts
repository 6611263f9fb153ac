import type { Node } from 'unist';
import { deserialize, serialize } from 'node:v8';
import type { ParsedMarkdown } from '../markdown/index.ts';
import type { PagesJob } from './page-job.ts';
import { handleSearchRequest, type SearchWorkerRequest, type SearchWorkerState } from './search-requests.ts';
import type { RouteData } from '../shared/index.ts';
import { createMarkdownJobs, renderJob, summarize, type MarkdownJobs, type ParseJob, type PreparedRender, type RenderContextData, type RenderJob } from './markdown-jobs.ts';

// What a build worker does with each request, as a function of the request and the worker's own state: the thread
// entry (build-worker.ts) only passes messages, so the same code runs, and is tested, in the main thread too
// (worker-pool.ts, inProcessPools).

export type WorkerRequest =
  /** `last`: the worker's final batch, after which it collects the phase's garbage (the batches come as files are read). */
  | { id: number; type: 'parse'; jobs: ParseJob[]; last: boolean }
  /** `last`: the worker's final batch, after which it drops its trees. */
  | { id: number; type: 'render'; context?: RenderContextData; jobs: RenderJob[]; last: boolean }
  | SearchWorkerRequest
  | { id: number; type: 'bodies'; routes: RouteData[] }
  | ({ id: number; type: 'pages' } & PagesJob);

export type BodyResult = { ok: true; body: string } | { ok: false; error: string };

/**
 * A worker keeps the syntax trees it parsed, so phase 2 (render) never ships a tree across threads. It keeps each one
 * serialised: a tree's objects take about three times the bytes of its serialisation, and at 10,000 pages the trees
 * waiting for their render were the build's peak memory. Serialising and reading one back costs about a tenth of its
 * parse. The bytes are held as a one-byte string, in the worker's own heap, which goes back to the system whole when
 * the worker ends; as buffers, they left about 170 MiB with the process's allocator after the parse workers ended.
 */
export interface WorkerState extends SearchWorkerState {
  jobs: MarkdownJobs;
  trees: Map<string, string>;
  /** The render helpers of the current render phase: its first batch brings the context, the rest share it. */
  prepared?: PreparedRender;
  /** Returns a phase's garbage at once (threads; in-process workers share the main thread's heap and leave it to V8). */
  collectGarbage: () => void;
}

export function createWorkerState(collectGarbage: () => void = () => {}): WorkerState {
  return { jobs: createMarkdownJobs(), trees: new Map(), collectGarbage };
}

/** Node types whose start position a render diagnostic can report (links, images, examples, admonitions, headings). */
const REPORTED = new Set(['link', 'linkReference', 'definition', 'image', 'imageReference', 'code', 'heading', 'containerDirective', 'leafDirective', 'textDirective']);

/**
 * Trees wait in a worker from parse to render, all of them at once: at 10,000 pages, position objects (three per
 * node) are most of their memory. Rendering reads only the start line and column of a few node types; the HTML never
 * depends on positions.
 */
export function keepRenderPositions<T extends Node>(node: T): T {
  if (node.position) {
    if (REPORTED.has(node.type)) {
      const start = { line: node.position.start.line, column: node.position.start.column };
      node.position = { start, end: start };
    } else delete node.position;
  }
  if ('children' in node && Array.isArray(node.children)) for (const child of node.children as Node[]) keepRenderPositions(child);
  return node;
}

export async function handleRequest(request: WorkerRequest, state: WorkerState): Promise<unknown> {
  switch (request.type) {
    case 'parse': {
      const out = request.jobs.map((job) => {
        const parsed = state.jobs.parse(job);
        state.trees.set(job.file, serialize({ ...parsed, mdast: keepRenderPositions(parsed.mdast) }).toString('latin1'));
        return summarize(parsed);
      });
      if (request.last) state.collectGarbage();
      return out;
    }
    case 'render': {
      if (request.context) state.prepared = state.jobs.prepareRender(request.context);
      const ready = state.prepared!;
      const out = request.jobs.map((job) => {
        const tree = deserialize(Buffer.from(state.trees.get(job.file)!, 'latin1')) as ParsedMarkdown;
        state.trees.delete(job.file);
        return renderJob(tree, job, ready);
      });
      if (request.last) {
        state.trees.clear();
        state.prepared = undefined;
      }
      return out;
    }
    case 'searchState':
    case 'search':
      return handleSearchRequest(request, state);
    case 'bodies': {
      const { renderPageBody } = await import('../render/index.ts');
      return request.routes.map((route): BodyResult => {
        try {
          return { ok: true, body: renderPageBody(route) };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      });
    }
    case 'pages':
      return (await import('./page-job.ts')).writePagesJob(request);
  }
}
