export { buildRoutes } from './build-routes.ts';
export { createLinkResolver, routePathOf, GENERATED_FILES } from './link-resolver.ts';
export { flattenSidebar } from './sidebars.ts';
export type * from './types.ts';
