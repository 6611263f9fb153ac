import * as cheerio from 'cheerio';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../src/pipeline/index.ts';

// `protodocs init`: what it writes, that the result builds and passes every check, that it asks only on a terminal,
// and that it never overwrites anything.

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin', 'protodocs.js');
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-init-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function init(args: string[], cwd = temp) {
  const r = spawnSync(process.execPath, [bin, 'init', ...args], { cwd, encoding: 'utf8', input: '' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('protodocs init', () => {
  it('scaffolds a site whose build has no problem at all, with the values given as flags', async () => {
    const r = init(['flags', '--title', `Ada's "Docs" *2*`, '--url', 'https://docs.ada.dev', '--tagline', 'Guides: and more']);
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(temp, 'flags');
    const config = readFileSync(path.join(dir, 'site.config.ts'), 'utf8');
    expect(config).toContain(`title: 'Ada\\'s "Docs" *2*',`);
    expect(config).toContain("url: 'https://docs.ada.dev',");
    const result = await build({ root: dir, write: false });
    expect(result.diagnostics).toEqual([]);
    const page = (file: string) => cheerio.load(String(result.files.get(file)));
    const title = `Ada's "Docs" *2*`;
    // The values reach the pages as written: quotes and markdown characters are escaped in every file they go into.
    expect(page('index.html')('title').text()).toBe(`${title} | Guides: and more`);
    expect(page('index.html')('main h1').text()).toBe(title);
    expect(page('docs/intro/index.html')('article p').first().text()).toMatch(new RegExp(`^Welcome to the ${title.replace(/[*]/g, '\\*')} documentation\\.`));
    // Docs in a sidebar with a category, a blog post by a declared author, a standalone page.
    const sidebar = page('docs/guides/writing-pages/index.html')('nav[aria-label="Docs sidebar"], aside nav').first().text();
    expect(sidebar).toContain('Guides');
    expect(sidebar).toContain('Organising docs');
    expect(page('blog/welcome/index.html')('article').text()).toContain(`${title} team`);
    expect(page('about/index.html')('h1').text()).toBe('About');
    expect(existsSync(path.join(dir, '.gitignore'))).toBe(true);
  });

  it('asks nothing without a terminal: the defaults are used', () => {
    const r = init(['quiet-defaults']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('Site title');
    expect(readFileSync(path.join(temp, 'quiet-defaults', 'site.config.ts'), 'utf8')).toContain("title: 'My Docs',");
  });

  it.skipIf(!existsSync('/usr/bin/script'))('asks for the title, tagline and URL on a terminal', () => {
    const command = [process.execPath, bin, 'init', 'asked'].map((a) => `'${a}'`).join(' ');
    const r = spawnSync('/usr/bin/script', ['-qec', command, '/dev/null'], {
      cwd: temp,
      encoding: 'utf8',
      // Typed answers: a title, Enter for the default tagline, a URL that is not one, then one that is.
      input: 'Acme Handbook\n\nnot a url\nhttps://handbook.acme.dev\n',
    });
    expect(r.status, r.stdout).toBe(0);
    expect(r.stdout).toContain('Site title (My Docs): ');
    expect(r.stdout).toContain('Enter a full http(s) URL');
    const config = readFileSync(path.join(temp, 'asked', 'site.config.ts'), 'utf8');
    expect(config).toContain("title: 'Acme Handbook',");
    expect(config).toContain("tagline: 'Documentation for my project.',");
    expect(config).toContain("url: 'https://handbook.acme.dev',");
  });

  it('writes nothing when any of its files exists, and says which (exit 1)', () => {
    const dir = path.join(temp, 'taken');
    init(['taken']);
    writeFileSync(path.join(dir, 'site.config.ts'), '// mine\n');
    rmSync(path.join(dir, 'content', 'docs', 'intro.md'));
    const r = init(['taken']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^protodocs init: these files already exist in taken\/, so nothing was written:\n/);
    expect(r.stderr).toContain('\n  site.config.ts\n');
    expect(readFileSync(path.join(dir, 'site.config.ts'), 'utf8')).toBe('// mine\n');
    expect(existsSync(path.join(dir, 'content', 'docs', 'intro.md'))).toBe(false);
  });

  it('a URL that is not one is a usage error (exit 2)', () => {
    const r = init(['bad-url', '--url', 'docs.example.com']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('--url must be an http(s) URL such as https://docs.example.com, got "docs.example.com".\n');
    expect(existsSync(path.join(temp, 'bad-url'))).toBe(false);
  });
});
