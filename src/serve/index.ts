export { startServe, ServeSetupError, type ServeOptions, type RunningServe } from './serve.ts';
export { createSiteServer, listen, closeServer, isLoopbackAddress, type SiteServerOptions } from './site-server.ts';
export { createStaticHandler, type ServedSite, type StaticHandlerOptions } from './static-handler.ts';
export { memorySource, diskSource, type SiteSource, type SiteFile } from './site-source.ts';
export { mountAskHandler, type WebHandler } from './ask-adapter.ts';
export { LiveReload, injectReloadScript, EVENTS_PATH, RELOAD_SCRIPT_PATH, type LiveEvent, type OverlayProblem } from './live-reload.ts';
export { parseRequestPath, encodeSegments } from './request-path.ts';
