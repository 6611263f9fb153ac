// Search stage: section records from the rendered markdown, the static index files the browser loads, the AI question
// handler, and the export for hosted search services.
export type { SearchRecord, SearchRecordVersion } from './types.ts';
export { buildSearchRecords, hashPages, type SearchRecordsInput } from './records.ts';
export { indexedPagesFile, indexedPagesOf, readIndexedPages, readSearchState, writeSearchState, type SearchIndexJob, type SearchInMemory, type SearchIndexState, type SearchStatePaths } from './index-state.ts';
export { buildSearchIndexFiles, IndexNeedsRecords, recordsFromIndexFiles, searchIndexUrl, SEARCH_ASSETS_DIR, SEARCH_INDEX_DIR, type SearchIndexFiles } from './shard-files.ts';
export { loadSearchRecords } from './load.ts';
export {
  createAskHandler,
  DEFAULT_ASK_TIMEOUT_MS,
  DEFAULT_MAX_QUESTION_LENGTH,
  EXTRACTIVE_NOTICE,
  NOTHING_FOUND,
  type AskHandlerOptions,
  type AskLlmOptions,
} from './ask.ts';
export { createAskGuard, MAX_CONCURRENT_QUESTIONS, QUESTIONS_PER_CLIENT, CLIENT_WINDOW_MS, type AskGuard, type AskGuardOptions, type AskRequestInfo } from './ask-guard.ts';
export { toHostedRecords, type HostedRecord } from './hosted-export.ts';
