export { build, type BuildMemo, type BuildOptions, type BuildProgress, type BuildResult } from './build.ts';
export { PACKAGE_ROOT } from './bundle-client.ts';
