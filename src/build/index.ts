export { build, type BuildMemo, type BuildOptions, type BuildResult } from './build.ts';
export { writeOutputAtomically } from './write-output.ts';
export { PACKAGE_ROOT } from './bundle-client.ts';
