import { readFileSync } from 'node:fs';
import { insideFolder, outputFileWriter } from '../output/index.ts';
import { buildSearchIndexFiles, IndexNeedsRecords, readSearchState, writeSearchState, type SearchIndexFiles, type SearchIndexJob, type SearchIndexState, type SearchInMemory } from '../search/index.ts';

/**
 * `onDisk`: the files went straight into the output's temp folder; `made` lists them, written or kept. `needsRecords`:
 * nothing was made, as the job gave some pages without their records and the index could not be updated; ask again
 * with every page's records. `scopes`: the index's state, when the job asked for it (`returnState`). `updated`: made by
 * updating an index kept in memory.
 */
export type MadeSearchIndex = SearchIndexFiles & { onDisk: boolean; made: string[]; needsRecords?: true; scopes?: SearchInMemory['scopes']; updated?: true };

const needsRecords = (): MadeSearchIndex => ({ files: new Map(), indexUrl: '', onDisk: false, made: [], needsRecords: true });

/** A last build's index state, read before its job came, with the file, key and output folder it was read for. */
export interface PreloadedState {
  file: string;
  key: string;
  outDir: string;
  state: SearchIndexState | undefined;
}

/**
 * Reads the state ahead of the job, while a worker would otherwise wait for it: at 10,000 pages, reading the state
 * (18 MB) took the index's worker 0.1 s of a one-doc edit, after the pages that job waits for had been compiled.
 */
export function preloadSearchState(file: string, key: string, outDir: string): PreloadedState {
  return { file, key, outDir, state: readSearchState(file, key, outDir) };
}

/**
 * The search index of a job, in a worker or in this thread: updated from the last build's state where the job writes
 * into the output that state describes, and leaving its own state for the next build. `preloaded`: that state, if it
 * was read already for the same file, key and output folder.
 */
export async function makeSearchIndex(job: SearchIndexJob, preloaded?: PreloadedState): Promise<MadeSearchIndex> {
  const { writeTo, state } = job;
  // Only the output being patched can keep files as they are.
  const patched = writeTo?.previous;
  const file = state?.paths.previous;
  const ready = preloaded && preloaded.file === file && preloaded.key === state?.key && preloaded.outDir === state?.outDir;
  const last = patched && file ? (ready ? preloaded.state : readSearchState(file, state.key, state.outDir)) : undefined;
  // An update writes few files: while they are written, this thread goes on (to render the pages, in a small site's edit).
  const writer = writeTo && outputFileWriter(writeTo.directory, writeTo.previous, { background: last !== undefined });
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
      pageHashes: state || job.returnState ? job.pageHashes : undefined,
      previous: last && writer && { scopes: last.scopes, read, keep: writer.keep },
    });
  } catch (error) {
    if (!(error instanceof IndexNeedsRecords)) throw error;
    await writer?.discard();
    return needsRecords();
  }
  // The state is written while the index's own files settle.
  const stateWritten = state && search.scopes ? writeSearchState(state.paths.next, { key: state.key, outDir: state.outDir, scopes: search.scopes }) : undefined;
  // Both done before the reply, whichever fails: a failed build removes the state this one was writing.
  const [settled] = await Promise.allSettled([writer?.settled(), stateWritten]);
  if (settled.status === 'rejected') throw settled.reason;
  return { files: search.files, indexUrl: search.indexUrl, onDisk: writer !== undefined, made: writer ? writer.made : [], ...(job.returnState ? { scopes: search.scopes } : {}) };
}

/**
 * The job's index updated from one kept in memory (serve, in this thread): every file it has as it was is taken from
 * `last`, so the result holds the whole index, with its state for the next update.
 */
export function updateSearchIndexInMemory(job: SearchIndexJob, last: SearchInMemory): MadeSearchIndex {
  const files = new Map<string, string>();
  const put = (rel: string, json: string) => files.set(rel, json);
  const keep = (rel: string) => {
    const kept = last.files.get(rel);
    if (kept !== undefined) files.set(rel, kept);
  };
  try {
    const search = buildSearchIndexFiles(job.records, {
      baseUrl: job.baseUrl,
      write: put,
      pageHashes: job.pageHashes,
      previous: { scopes: last.scopes, read: (rel) => last.files.get(rel), keep },
    });
    return { files, indexUrl: search.indexUrl, onDisk: false, made: [], scopes: search.scopes, updated: true };
  } catch (error) {
    if (!(error instanceof IndexNeedsRecords)) throw error;
    return needsRecords();
  }
}
