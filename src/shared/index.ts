export * from './types.ts';
export * from './url.ts';
export * from './highlight-languages.ts';
export * from './lazy-field.ts';
