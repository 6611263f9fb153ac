import { readFileSync } from 'node:fs';
import { insideFolder, outputFileWriter } from '../output/index.ts';
import { buildSearchIndexFiles, IndexNeedsRecords, readSearchState, writeSearchState, type SearchIndexFiles, type SearchIndexJob } from '../search/index.ts';

/**
 * `onDisk`: the files went straight into the output's temp folder; `made` lists them, written or kept. `needsRecords`:
 * nothing was made, as the job gave some pages without their records and the index could not be updated; ask again
 * with every page's records.
 */
export type MadeSearchIndex = SearchIndexFiles & { onDisk: boolean; made: string[]; needsRecords?: true };

/**
 * The search index of a job, in a worker or in this thread: updated from the last build's state where the job writes
 * into the output that state describes, and leaving its own state for the next build.
 */
export function makeSearchIndex(job: SearchIndexJob): MadeSearchIndex {
  const { writeTo, state } = job;
  const writer = writeTo && outputFileWriter(writeTo.directory, writeTo.previous);
  // Only the output being patched can keep files as they are.
  const patched = writer && writeTo.previous;
  const last = patched && state?.paths.previous ? readSearchState(state.paths.previous, state.key, state.outDir) : undefined;
  const read = (rel: string) => {
    try {
      return readFileSync(insideFolder(patched!, rel), 'utf8');
    } catch {
      return undefined;
    }
  };
  let search: ReturnType<typeof buildSearchIndexFiles>;
  try {
    search = buildSearchIndexFiles(job.records, {
      baseUrl: job.baseUrl,
      write: writer ? writer.write : undefined,
      pageHashes: state && job.pageHashes,
      previous: last && writer && { scopes: last.scopes, read, keep: writer.keep },
    });
  } catch (error) {
    if (!(error instanceof IndexNeedsRecords)) throw error;
    writer?.discard();
    return { files: new Map(), indexUrl: '', onDisk: false, made: [], needsRecords: true };
  }
  if (state && search.scopes) writeSearchState(state.paths.next, { key: state.key, outDir: state.outDir, scopes: search.scopes });
  return { files: search.files, indexUrl: search.indexUrl, onDisk: writer !== undefined, made: writer ? writer.made : [] };
}
