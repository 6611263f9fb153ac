// Reuse of earlier builds' work, behind one interface (reuse.ts) that the CLI chooses: the disk (per-file cache and
// build record) for `build` and `check`, memory for `serve`, none for tests.
export { diskReuse, memoryReuse, noReuse, type FinishedBuild, type KeyedMemo, type MemoryReuse, type Reuse, type ReusedPage, type UnchangedBuild } from './reuse.ts';
export { bundleKey, hashText, statsKey } from './keys.ts';
export type { RecordedInputs, RecordOptions } from './build-record.ts';
export type { MarkdownCache } from './markdown-cache.ts';
