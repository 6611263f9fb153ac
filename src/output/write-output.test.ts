import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkFiles } from '../files/index.ts';
import { outputFileWriter, StreamingOutput } from './write-output.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'protodocs-write-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('StreamingOutput', () => {
  it('writes many files into new folders at once, then swaps them in for the old output', async () => {
    const out = path.join(temp, 'site-a');
    mkdirSync(out);
    writeFileSync(path.join(out, 'stale.html'), 'old');
    const sink = await StreamingOutput.open(out);
    for (let i = 0; i < 400; i++) await sink.write(`d${i % 9}/sub${i % 4}/page-${i}.html`, `page ${i}`);
    writeFileSync(path.join(temp, 'image.png'), 'png-bytes');
    await sink.commit(new Map([['img/image.png', path.join(temp, 'image.png')]]));
    expect(readFileSync(path.join(out, 'd3/sub1/page-21.html'), 'utf8')).toBe('page 21');
    expect(readFileSync(path.join(out, 'img/image.png'), 'utf8')).toBe('png-bytes');
    expect(existsSync(path.join(out, 'stale.html'))).toBe(false);
    expect(readdirSync(temp).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
    // What the build record lists without walking the folder again.
    expect(sink.files).toEqual(walkFiles(out));
  });

  it('abort leaves the previous output exactly as it was', async () => {
    const out = path.join(temp, 'site-b');
    mkdirSync(out);
    writeFileSync(path.join(out, 'index.html'), 'previous');
    const sink = await StreamingOutput.open(out);
    await sink.write('index.html', 'half-built');
    await sink.abort();
    expect(readdirSync(out)).toEqual(['index.html']);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(temp).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
  });

  it('patches an earlier output: same bytes stay untouched, changes move in, files no longer made go', async () => {
    const out = path.join(temp, 'site-c');
    const files: Record<string, string> = { 'index.html': 'home', 'a/page.html': 'a', 'b/page.html': 'b', 'gone/page.html': 'gone', 'assets/app.1234.js': 'js', 'img/logo.png': 'logo' };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
      writeFileSync(path.join(out, rel), text);
    }
    const identity = (rel: string) => {
      const st = statSync(path.join(out, rel));
      return `${st.ino}:${st.mtimeMs}`;
    };
    const before = Object.fromEntries(Object.keys(files).map((rel) => [rel, identity(rel)]));
    writeFileSync(path.join(temp, 'logo.png'), 'logo');
    const sink = await StreamingOutput.open(out, { patch: true });
    expect(sink.previousDirectory).toBe(out);
    await sink.write('index.html', 'home');
    await sink.write('a/page.html', 'a, edited');
    await sink.reuse('b/page.html', path.join(out, 'b/page.html'));
    await sink.write('c/new.html', 'new');
    // Another thread's writer: an unchanged hashed asset is kept without being read, a new one goes to the temp folder.
    const worker = outputFileWriter(sink.directory, sink.previousDirectory);
    worker.write('assets/app.1234.js', 'js');
    worker.write('assets/app.5678.js', 'js2');
    sink.addMade(worker.made);
    await sink.commit(new Map([['img/logo.png', path.join(temp, 'logo.png')]]));
    expect(walkFiles(out)).toEqual(['a/page.html', 'assets/app.1234.js', 'assets/app.5678.js', 'b/page.html', 'c/new.html', 'img/logo.png', 'index.html']);
    // What the build record lists without walking the folder again.
    expect(sink.files).toEqual(walkFiles(out));
    expect(readFileSync(path.join(out, 'a/page.html'), 'utf8')).toBe('a, edited');
    for (const rel of ['index.html', 'b/page.html', 'assets/app.1234.js', 'img/logo.png']) expect(identity(rel), rel).toBe(before[rel]);
    expect(existsSync(path.join(out, 'gone'))).toBe(false);
    expect(readdirSync(temp).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
  });

  it('opens in patch mode before the previous output is listed: a file written then waits for the listing', async () => {
    const out = path.join(temp, 'site-listed-late');
    mkdirSync(out);
    writeFileSync(path.join(out, 'index.html'), 'home');
    const before = statSync(path.join(out, 'index.html')).mtimeMs;
    let list!: (files: Map<string, [number, number]>) => void;
    const listed = new Promise<Map<string, [number, number]>>((resolve) => (list = resolve));
    const sink = await StreamingOutput.open(out, { patch: true, listed });
    expect(sink.previousDirectory).toBe(out);
    let written = false;
    const writing = sink.write('index.html', 'home').then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toBe(false);
    list(new Map([['index.html', [4, before]]]));
    await writing;
    await sink.commit(new Map());
    // Listed, the same bytes were left as they were.
    expect(statSync(path.join(out, 'index.html')).mtimeMs).toBe(before);
    expect(walkFiles(out)).toEqual(['index.html']);
  });

  it('writes a file given in parts as their bytes in order; in patch mode, parts that make the same bytes leave it untouched', async () => {
    const out = path.join(temp, 'site-parts');
    mkdirSync(out);
    writeFileSync(path.join(out, 'same.txt'), 'one two three');
    writeFileSync(path.join(out, 'changed.txt'), 'one two three');
    const before = statSync(path.join(out, 'same.txt'));
    const sink = await StreamingOutput.open(out, { patch: true });
    await sink.writeParts('same.txt', [Buffer.from('one '), Buffer.from('two '), Buffer.from('three')]);
    await sink.writeParts('changed.txt', [Buffer.from('one '), Buffer.from('TWO '), Buffer.from('three')]);
    await sink.writeParts('new.txt', [Buffer.from('a'), Buffer.from('b')]);
    await sink.commit(new Map());
    expect(readFileSync(path.join(out, 'changed.txt'), 'utf8')).toBe('one TWO three');
    expect(readFileSync(path.join(out, 'new.txt'), 'utf8')).toBe('ab');
    const after = statSync(path.join(out, 'same.txt'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(sink.files).toEqual(['changed.txt', 'new.txt', 'same.txt']);
  });

  it('writes a file of thousands of parts, empty ones and one of megabytes among them, whole and in order', async () => {
    const out = path.join(temp, 'site-many-parts');
    const parts = Array.from({ length: 3000 }, (_, i) => Buffer.from(i % 7 === 0 ? '' : `part ${i}\n`));
    parts[1500] = Buffer.alloc(8_000_000, 'x');
    const sink = await StreamingOutput.open(out);
    await sink.writeParts('llms-full.txt', parts);
    await sink.commit(new Map());
    expect(readFileSync(path.join(out, 'llms-full.txt')).equals(Buffer.concat(parts))).toBe(true);
  });

  it('a file given in parts that cannot be written fails the commit, naming it, and leaves no output', async () => {
    const out = path.join(temp, 'site-parts-fail');
    const sink = await StreamingOutput.open(out);
    await sink.write('x/inner.html', 'inner');
    // A folder stands where the file goes.
    await sink.writeParts('x', [Buffer.from('a'), Buffer.from('b')]);
    const error = await sink.commit(new Map()).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(path.join(out, 'x'));
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(temp).filter((n) => n.startsWith('.protodocs-'))).toEqual([]);
  });

  it('patches a file where a folder was, and a folder where a file was', async () => {
    const out = path.join(temp, 'site-d');
    mkdirSync(path.join(out, 'x'), { recursive: true });
    writeFileSync(path.join(out, 'x', 'inner.html'), 'inner');
    writeFileSync(path.join(out, 'y'), 'file');
    const sink = await StreamingOutput.open(out, { patch: true });
    await sink.write('x', 'now a file');
    await sink.write('y/inner.html', 'now in a folder');
    await sink.commit(new Map());
    expect(readFileSync(path.join(out, 'x'), 'utf8')).toBe('now a file');
    expect(readFileSync(path.join(out, 'y', 'inner.html'), 'utf8')).toBe('now in a folder');
  });
});

describe('outputFileWriter in the background', () => {
  it('writes what the previous output lacks while its caller goes on, done once settled; discarded, none of it stays', async () => {
    const previous = path.join(temp, 'bg-previous');
    mkdirSync(path.join(previous, 'search-index/main'), { recursive: true });
    writeFileSync(path.join(previous, 'search-index/main/entry.json'), '{"same":1}');
    const into = path.join(temp, 'bg-next');
    const writer = outputFileWriter(into, previous, { background: true });
    writer.write('search-index/main/entry.json', '{"same":1}');
    writer.write('search-index/main/pages/3.json', '{"page":3}');
    writer.write('assets/search/main.abc.json', '{"chunk":1}');
    writer.keep('search-index/main/pages/4.json');
    // Nothing is waited for here: the folders and files are made by libuv's threads.
    expect(existsSync(path.join(into, 'assets/search/main.abc.json'))).toBe(false);
    await writer.settled();
    expect(readFileSync(path.join(into, 'search-index/main/pages/3.json'), 'utf8')).toBe('{"page":3}');
    expect(readFileSync(path.join(into, 'assets/search/main.abc.json'), 'utf8')).toBe('{"chunk":1}');
    // The same bytes as the previous output's: listed, not written.
    expect(existsSync(path.join(into, 'search-index/main/entry.json'))).toBe(false);
    expect(writer.made).toEqual(['search-index/main/entry.json', 'search-index/main/pages/3.json', 'assets/search/main.abc.json', 'search-index/main/pages/4.json']);
    // Past a few MB in flight, it writes as it goes: a whole index is not held in memory until its writes end.
    writer.write('assets/search/main.big.json', 'x'.repeat(4_100_000));
    writer.write('search-index/main/pages/5.json', '{"page":5}');
    expect(readFileSync(path.join(into, 'search-index/main/pages/5.json'), 'utf8')).toBe('{"page":5}');
    await writer.discard();
    expect(walkFiles(into)).toEqual([]);
    expect(writer.made).toEqual([]);
  });
});
