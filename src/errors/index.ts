export * from './catalogue.ts';
export * from './problem.ts';
export * from './protodocs-error.ts';
export * from './diagnostics.ts';
export * from './print.ts';
export * from './position.ts';
export * from './did-you-mean.ts';
