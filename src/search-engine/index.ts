// The search engine shared by the build (index files, the ask handler) and the browser (modal, /search, AI mode).
export * from './answer.ts';
export * from './ask.ts';
export * from './results.ts';
export * from './terms.ts';
export * from './hosted.ts';
export * from './text.ts';
export * from './shards.ts';
export * from './sharded-search.ts';
