import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BAD_INPUTS, type BadInput } from './bad-inputs/cases.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin', 'protodocs.js');
const base = path.join(repo, 'test', 'fixtures', 'bad-input-base');
const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-bad-'));
afterAll(() => {
  // Read-only folders made by a case must be writable again to be removed.
  for (const dir of readdirSync(temp)) chmodSync(path.join(temp, dir), 0o755);
  rmSync(temp, { recursive: true, force: true });
});

/** Every entry under `dir` with its kind, mode and content hash (links by target): what a build must not change. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = path.join(d, name);
      const stat = lstatSync(abs);
      const rel = path.relative(dir, abs);
      if (stat.isSymbolicLink()) out.set(rel, `link ${readlinkSync(abs)}`);
      else if (stat.isDirectory()) {
        out.set(rel, `dir ${stat.mode}`);
        walk(abs);
      } else out.set(rel, `file ${stat.mode} ${createHash('sha1').update(readFileSync(abs)).digest('hex')}`);
    }
  };
  walk(dir);
  return out;
}

function materialize(input: BadInput, index: number): { parent: string; site: string } {
  // A neighbour beside the site: `--out ..` and its like must not touch it either.
  const parent = path.join(temp, `case-${index}`);
  const site = path.join(parent, 'site');
  mkdirSync(path.join(parent, 'neighbour'), { recursive: true });
  writeFileSync(path.join(parent, 'neighbour', 'keep.txt'), 'someone else’s file\n');
  cpSync(base, site, { recursive: true, filter: (src) => !/[\\/](build|node_modules)$/.test(src) });
  for (const [rel, content] of Object.entries(input.files ?? {})) {
    const abs = path.join(site, rel);
    if (content === null) rmSync(abs, { force: true });
    else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, typeof content === 'function' ? content(readFileSync(abs, 'utf8')) : content);
    }
  }
  input.prepare?.(site);
  return { parent, site };
}

function run(site: string, input: BadInput): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'build', ...(input.args ?? [])], {
      cwd: site,
      env: { ...process.env, FORCE_COLOR: '0', ...input.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('bad inputs: a clear, positioned error, and nothing outside the output folder changes', () => {
  it('has at least 60 cases', () => {
    expect(BAD_INPUTS.length).toBeGreaterThanOrEqual(60);
  });

  it.concurrent.each(BAD_INPUTS.map((input, index) => [input.name, input, index] as const))('%s', async (_name, input, index) => {
    const { parent, site } = materialize(input, index);
    const before = tree(parent);
    const { code, stderr } = await run(site, input);

    expect(code, stderr).toBe(input.exit);
    expect(stderr).not.toMatch(/PD9000|internal error|\n\s+at /);
    const { code: want, file, line, column } = input.expect;
    const where = file ? `${file}:${line ?? '\\d+'}:${column ?? '\\d+'}` : '\\S+';
    expect(stderr, stderr).toMatch(new RegExp(`^${where}  (?:warning )?${want} \\S`, 'm'));
    // Every problem line has the one format: position, code, reason, hint in parentheses when there is one.
    for (const problem of stderr.split('\n').filter((l) => /\bPD\d{4}\b/.test(l))) {
      expect(problem).toMatch(/^\S+ {2}(?:warning )?PD\d{4} \S.*?(?: {2}\(hint: .+\))?$/);
    }
    expect(tree(parent)).toEqual(before);
  });
});
