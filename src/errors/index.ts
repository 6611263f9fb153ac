export * from './codes.ts';
export * from './protodocs-error.ts';
export * from './diagnostics.ts';
export * from './print.ts';
export * from './position.ts';
