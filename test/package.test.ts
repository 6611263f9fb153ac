import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// protodocs as a stranger gets it: `npm pack`, the tarball installed into an empty folder that has no TypeScript,
// then the CLI through npx: init, build, check. A site's own strict `tsc` checks the scaffolded config against the
// package's declarations (the repository's TypeScript runs it, from outside the folder).

const repo = fileURLToPath(new URL('..', import.meta.url));
const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
let work: string;
let tarball: string;
let entries: string[];

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  // No terminal: stdin is a pipe, so init must not ask anything (it would wait forever for the answer).
  const result = spawnSync(command, args, { cwd, input: '', encoding: 'utf8', timeout: 180_000, env: { ...process.env, NO_COLOR: '1' } });
  // npm's own notices about the machine's npm config are not protodocs' output.
  return { ...result, stderr: result.stderr.replace(/^npm warn .*\n/gm, '') };
}

function npx(args: string[], cwd: string): SpawnSyncReturns<string> {
  // --no: never download anything; protodocs must come from the folder's own node_modules.
  return run('npx', ['--no', '--', 'protodocs', ...args], cwd);
}

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'protodocs-package-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as {
    filename: string;
    files: { path: string }[];
  }[];
  tarball = path.join(work, packed[0].filename);
  entries = packed[0].files.map((f) => f.path);
  const consumer = path.join(work, 'app');
  mkdirSync(consumer);
  execFileSync('npm', ['init', '-y'], { cwd: consumer, stdio: 'ignore' });
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: consumer, stdio: 'ignore', timeout: 300_000 });
}, 400_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('holds the compiled CLI, its declarations, the theme and the starter site, and nothing else', () => {
    for (const file of ['bin/protodocs.js', 'dist/launch.js', 'dist/cli.cjs', 'dist/index.js', 'dist/types/index.d.ts', 'theme/islands/SearchModal.tsx', 'theme/styles/index.css', 'src/client/loader.ts', 'templates/site/site.config.ts', 'CONFIGURATION.md', 'README.md']) {
      expect(entries).toContain(file);
    }
    const unwanted = entries.filter(
      (f) => /^(test|content)\//.test(f) || /\.test\.tsx?$/.test(f) || f.endsWith('.map') || /^src\/(build|markdown|config|cli)\//.test(f) || f.startsWith('theme/testing/') || f === 'site.config.ts',
    );
    expect(unwanted).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { exports: { '.': { types: string } } };
    expect(entries).toContain(pkg.exports['.'].types.replace(/^\.\//, ''));
  });

  it('installs into an empty folder without TypeScript, and init → build → check all exit 0', () => {
    const app = path.join(work, 'app');
    expect(existsSync(path.join(app, 'node_modules', 'typescript'))).toBe(false);

    const help = npx(['--help'], app);
    expect(help.stderr + help.stdout).toContain('init [options] [dir]');
    expect(help.status).toBe(0);

    const init = npx(['init', 'site'], app);
    expect(init.stdout).toContain('Created a protodocs site in site/');
    expect(init.stdout).not.toMatch(/Site title/);
    expect(init.status).toBe(0);

    const site = path.join(app, 'site');
    const build = npx(['build'], site);
    // Progress lines only: no warning, no error.
    expect(build.stderr).not.toMatch(/PD\d{4}|warning/);
    expect(build.stderr).toMatch(/^render +\d+ ms {2}\d+ pages$/m);
    expect(build.stdout).toMatch(/^Built \d+ pages in [\d.]+ s → build\n$/);
    expect(build.status).toBe(0);
    const home = readFileSync(path.join(site, 'build', 'index.html'), 'utf8');
    expect(home).toContain('<title>My Docs');
    expect(readdirSync(path.join(site, 'build', 'blog'))).toContain('welcome');

    const check = npx(['check'], site);
    expect(check.stdout).toContain('No problems found.');
    expect(check.status).toBe(0);
  });

  it("a site's strict tsc accepts the scaffolded config with the package's types, and rejects a wrong one", () => {
    const site = path.join(work, 'app', 'site');
    const ok = run(process.execPath, [tsc, '-p', 'tsconfig.json'], site);
    expect(ok.stdout + ok.stderr).toBe('');
    expect(ok.status).toBe(0);

    // The same check must see real types, not `any`: a wrong value fails it, in the config and in the sidebars.
    const configFile = path.join(site, 'site.config.ts');
    const sidebarsFile = path.join(site, 'content', 'sidebars.ts');
    const config = readFileSync(configFile, 'utf8');
    const sidebars = readFileSync(sidebarsFile, 'utf8');
    writeFileSync(configFile, config.replace("baseUrl: '/',", "baseUrl: '/', tagline: 42,"));
    writeFileSync(sidebarsFile, sidebars.replace("type: 'category',", "type: 'category', collapsed: 'yes',"));
    try {
      const wrong = run(process.execPath, [tsc, '-p', 'tsconfig.json'], site);
      expect(wrong.stdout).toMatch(/^site\.config\.ts\(\d+,\d+\): error TS\d+/m);
      expect(wrong.stdout).toMatch(/^content\/sidebars\.ts\(\d+,\d+\): error TS\d+/m);
      expect(wrong.status).not.toBe(0);
    } finally {
      writeFileSync(configFile, config);
      writeFileSync(sidebarsFile, sidebars);
    }
    // The declarations are self-contained and document each key for the editor.
    const declarations = readFileSync(path.join(work, 'app', 'node_modules', 'protodocs', 'dist', 'types', 'config', 'schema.d.ts'), 'utf8');
    expect(declarations).not.toMatch(/from ['"]/);
    expect(declarations).toContain("@example url: 'https://docs.example.com'");
  });

  it('init never overwrites: a second run in the same folder writes nothing and exits 1', () => {
    const site = path.join(work, 'app', 'site');
    const before = readFileSync(path.join(site, 'content', 'docs', 'intro.md'), 'utf8');
    writeFileSync(path.join(site, 'content', 'docs', 'intro.md'), before + '\nMy own words.\n');
    const again = npx(['init', 'site'], path.join(work, 'app'));
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already exist in site/, so nothing was written');
    expect(again.stderr).toContain('  content/docs/intro.md\n');
    expect(readFileSync(path.join(site, 'content', 'docs', 'intro.md'), 'utf8')).toBe(before + '\nMy own words.\n');
  });
});
