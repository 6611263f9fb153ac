import { parentPort } from 'node:worker_threads';
import type { ParsedMarkdown } from '../markdown/types.ts';
import type { SearchRecord } from '../search/index.ts';
import type { RouteData } from '../shared/index.ts';
import { parseJob, prepareRender, renderJob, summarize, type ParseJob, type RenderContextData, type RenderJob } from './markdown-jobs.ts';

// A build worker keeps the syntax trees it parsed, so phase 2 (render) never ships a tree across threads. The search
// indexer and the page renderer load only when first asked for: small sites never start workers at all.

export type WorkerRequest =
  | { id: number; type: 'parse'; jobs: ParseJob[] }
  | { id: number; type: 'render'; context: RenderContextData; jobs: RenderJob[] }
  | { id: number; type: 'search'; records: SearchRecord[]; baseUrl: string; recordsJson: string }
  | { id: number; type: 'bodies'; routes: RouteData[] };

export type BodyResult = { ok: true; body: string } | { ok: false; error: string };

const trees = new Map<string, ParsedMarkdown>();

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'parse':
      return request.jobs.map((job) => {
        const parsed = parseJob(job);
        trees.set(job.file, parsed);
        return summarize(parsed);
      });
    case 'render': {
      const prepared = prepareRender(request.context);
      const out = request.jobs.map((job) => renderJob(trees.get(job.file)!, job, prepared));
      trees.clear();
      return out;
    }
    case 'search': {
      const { buildSearchIndexFiles } = await import('../search/index-files.ts');
      return buildSearchIndexFiles(request.records, { baseUrl: request.baseUrl, recordsJson: request.recordsJson });
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
