export { walkFiles, walkFilesAside, walkFilesWithStats, type ListedFiles } from './walk.ts';
export { fileBelow } from './below.ts';
export { componentFiles, type ComponentFiles } from './component-files.ts';
export { hashText } from './hash.ts';
export { importModule, useModuleImporter } from './import-module.ts';
