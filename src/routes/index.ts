export { buildRoutes } from './build-routes.ts';
export { routeInputsText } from './route-inputs.ts';
export { checkStructure } from './structure-check.ts';
export { createLinkResolver, linkIndexOf, routePathOf, GENERATED_FILES, type LinkIndex } from './link-resolver.ts';
export { flattenSidebar } from './sidebars.ts';
export type * from './types.ts';
