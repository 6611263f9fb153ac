export * from './types.ts';
export * from './url.ts';
