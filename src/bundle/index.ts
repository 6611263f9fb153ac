// The browser bundle: islands, the runtime and the stylesheet, built with esbuild.
export { assetManifest, bundleClient, themeIslands, SITE_NAMESPACE, type BundleOptions, type PageScriptData } from './bundle-client.ts';
