// The browser-test environment: builds test/fixtures/e2e-site with the real build(), and the real IAIndex site once
// for every test that reads or crawls it, serves the outputs with the static server of test/e2e/server.ts and
// launches one Chromium (Debian's; never downloaded). The global setup (global-setup.ts) starts it once per run and
// hands its description to the test files.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import type { Diagnostic } from '../../src/errors/index.ts';
import { build } from '../../src/pipeline/index.ts';
import { serveStatic, type StaticServer } from './server.ts';

export const FIXTURE_ROOT = fileURLToPath(new URL('../fixtures/e2e-site/', import.meta.url));
/** The repository is the IAIndex site: site.config.ts and content/ at its root. */
export const SITE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Served {
  /** Site root URL, ending with "/" (includes the base URL). */
  url: string;
  /** The build output folder. */
  dir: string;
}

/** JSON-serialisable description handed from the global setup to the test files. */
export interface E2EEnv {
  wsEndpoint: string;
  /** Production build (minified, React production build), base URL "/". */
  prod: Served;
  /** Development build (React development build, which reports hydration mismatches), base URL "/sub/". */
  dev: Served;
  /** The development build served at "/" although it was built for "/sub/": the wrong-base-URL case. */
  wrongBase: Served;
  /** The real IAIndex site as `protodocs build` writes it, base URL "/". */
  site: BuiltSite;
}

export interface BuiltSite extends Served {
  /** Its build's problems (warnings; a build with errors fails the setup). */
  diagnostics: Diagnostic[];
  /** Output HTML file → source file. */
  manifest: Record<string, string>;
  /** config.url: where the site is published. */
  siteUrl: string;
}

export interface RunningEnv {
  env: E2EEnv;
  close(): Promise<void>;
}

async function buildFixture(outDir: string, options: { minify: boolean; baseUrl: string }): Promise<void> {
  const result = await build({ root: FIXTURE_ROOT, outDir, write: true, minify: options.minify, baseUrl: options.baseUrl });
  if (!result.ok) {
    const problems = result.diagnostics.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.code} ${d.message}`).join('\n');
    throw new Error(`The e2e fixture site did not build:\n${problems}`);
  }
}

export async function startEnv(): Promise<RunningEnv> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'protodocs-e2e-'));
  const prodDir = path.join(tmp, 'prod');
  const devDir = path.join(tmp, 'dev');
  const siteDir = path.join(tmp, 'site');
  const servers: StaticServer[] = [];
  let browser: BrowserServer | undefined;
  const close = async () => {
    await Promise.allSettled([browser?.close(), ...servers.map((s) => s.close())]);
    await rm(tmp, { recursive: true, force: true });
  };
  try {
    const launching = chromium
      .launchServer({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS })
      .then((server) => (browser = server));
    launching.catch(() => {});
    // The builds share the module cache; run them one after the other.
    await buildFixture(prodDir, { minify: true, baseUrl: '/' });
    await buildFixture(devDir, { minify: false, baseUrl: '/sub/' });
    const real = await build({ root: SITE_ROOT, outDir: siteDir, write: true });
    if (!real.ok) throw new Error(`The IAIndex site did not build:\n${real.diagnostics.map((d) => `${d.file ?? ''}:${d.line ?? ''} ${d.code} ${d.message}`).join('\n')}`);
    const beacons: unknown[] = [];
    const record = { onBeacon: (body: unknown) => beacons.push(body), beacons: () => beacons };
    const prod = await serveStatic({ root: prodDir, ...record });
    servers.push(prod);
    const dev = await serveStatic({ root: devDir, mount: '/sub/', ...record });
    servers.push(dev);
    const wrong = await serveStatic({ root: devDir, ...record });
    servers.push(wrong);
    const site = await serveStatic({ root: siteDir });
    servers.push(site);
    const launched = await launching;
    return {
      env: {
        wsEndpoint: launched.wsEndpoint(),
        prod: { url: prod.url, dir: prodDir },
        dev: { url: dev.url, dir: devDir },
        wrongBase: { url: wrong.url, dir: devDir },
        site: { url: site.url, dir: siteDir, diagnostics: real.diagnostics, manifest: real.manifest, siteUrl: real.config!.url },
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
