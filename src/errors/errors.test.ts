import { describe, expect, test } from 'vitest';
import { CATALOGUE, type ErrorCode } from './catalogue.ts';
import { Diagnostics, diagnosticFromThrown } from './diagnostics.ts';
import { didYouMean } from './did-you-mean.ts';
import { codeFrame, formatDiagnostic, printDiagnostics, summaryLine } from './print.ts';
import { problem } from './problem.ts';
import { ProtodocsError } from './protodocs-error.ts';

describe('the catalogue', () => {
  test('every code is PD and four digits in its range, with a title', () => {
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      expect(code).toMatch(/^PD[1-68-9]\d{3}$/);
      expect(entry.title.length, code).toBeGreaterThan(5);
    }
  });

  test('problem() builds the message and hint from data, with the position given', () => {
    expect(problem('PD4002', { url: '/docs/intro/', other: 'content/docs/b.md' }, { file: 'content/docs/a.md', line: 3, column: 7 })).toEqual({
      code: 'PD4002',
      message: 'Two files produce the URL /docs/intro/.',
      hint: 'content/docs/b.md also produces it; change the slug or file name of one of them',
      file: 'content/docs/a.md',
      line: 3,
      column: 7,
      severity: 'error',
    });
    // A file without a line is at its start; no file means no position at all (a flag, the run).
    expect(problem('PD2020', {}, { file: 'a.md' })).toMatchObject({ line: 1, column: 1 });
    expect(problem('PD1001', { root: '/site' })).not.toHaveProperty('line');
  });

  test('warnings are warnings by their code', () => {
    expect(problem('PD1007', {}).severity).toBe('warning');
    expect(problem('PD3020', { removed: '<script> element' }).severity).toBe('warning');
    expect(problem('PD3021', { kind: 'link', scheme: 'javascript' }).severity).toBe('warning');
    expect(problem('PD2024', { bytes: 150_000, limit: 102_400 }).severity).toBe('warning');
    expect(problem('PD2023', { bytes: 300_000, limit: 204_800 }).severity).toBe('error');
  });

  test.each([
    ['PD2023', { bytes: 2 * 1024 * 1024, limit: 200 * 1024 }, 'This file is 2.0 MB; markdown files over 200 KB are not built'],
    ['PD3006', { name: 'warnign', suggestion: 'warning', types: ['note', 'warning'] }, '":::warnign" is not an admonition type.'],
    ['PD5003', { page: '/a/', what: 'links to /b/, which is not found.', hint: 'fix it', sharedBy: 12 }, '/a/ (and 11 other pages) links to /b/'],
    ['PD8001', { outDir: '/s', named: '--out .', holds: 'is-root' }, 'The output folder /s is the site root (--out .)'],
  ] as [ErrorCode, never, string][])('%s message from data', (code, data, start) => {
    expect(problem(code, data).message.startsWith(start)).toBe(true);
  });

  test('messages follow the rules: no "Error:" prefix, no position, and a full stop (PD9000 and PD5003 quote others)', () => {
    const samples: Record<string, unknown> = {
      PD1001: { root: '/r' },
      PD1003: { key: 'url', reason: 'expected string' },
      PD2002: { what: 'The frontmatter', reason: 'bad', kind: 'syntax' },
      PD3005: { kind: 'expression' },
      PD4001: { kind: 'doc', id: 'x' },
      PD5002: { target: '/a/', fragment: 'b' },
      PD8006: { operation: 'write', path: '/o/a.html', reason: 'ENOSPC', advice: 'the disk is full; free some space' },
    };
    for (const [code, data] of Object.entries(samples)) {
      const { message, hint } = problem(code as ErrorCode, data as never);
      expect(message, code).not.toMatch(/^Error:|:\d+:\d+/);
      expect(message, code).toMatch(/[.?]$/);
      if (hint) expect(hint, code).not.toMatch(/\.$/);
    }
  });

  test('the hint is "did you mean" when there is a near miss, else what to do', () => {
    expect(problem('PD5002', { target: '/a/', fragment: 'overveiw', suggestion: 'overview' }).hint).toBe('did you mean #overview?');
    expect(problem('PD5002', { target: '/a/', fragment: 'x' }).hint).toBe('heading ids are the heading text in lower case with dashes');
    expect(problem('PD4001', { kind: 'doc', id: 'setup', suggestion: 'guides/setup' }).hint).toBe('did you mean "guides/setup"?');
  });
});

describe('did you mean', () => {
  test.each([
    ['warnign', ['note', 'warning', 'danger'], 'warning'],
    ['warn', ['note', 'warning', 'danger'], 'warning'],
    ['Crad', ['Card', 'Tabs'], 'Card'],
    ['setup', ['intro', 'guides/setup'], 'guides/setup'],
    ['guide/setup', ['intro', 'guides/setup'], 'guides/setup'],
    ['titel', ['title', 'tagline', 'url'], 'title'],
    ['navBar', ['navbar', 'footer'], 'navbar'],
    ['zzz', ['note', 'warning'], undefined],
    ['ab', ['xy', 'zw'], undefined],
  ])('%s in %j → %s', (value, candidates, expected) => {
    expect(didYouMean(value, candidates)).toBe(expected);
  });
});

describe('printing', () => {
  test('file:line:column  PDxxxx reason  (hint), warnings marked, no position outside a file', () => {
    expect(formatDiagnostic(problem('PD3007', { id: 'a', firstLine: 2 }, { file: 'content/docs/x.md', line: 9, column: 1 }))).toBe(
      'content/docs/x.md:9:1  PD3007 Two headings have the id "a", so links to #a cannot tell them apart.  (hint: the other heading is on line 2; change one of the {#…} ids)',
    );
    expect(formatDiagnostic(problem('PD1007', {}, { file: 'site.config.ts', line: 4, column: 3 }))).toMatch(/^site\.config\.ts:4:3 {2}warning PD1007 /);
    expect(formatDiagnostic(problem('PD1001', { root: '/r' }))).toBe(
      'protodocs  PD1001 No site.config.ts in /r.  (hint: run protodocs in the folder that holds site.config.ts, or pass --root)',
    );
  });

  test('the code frame marks the line, and its caret follows the tabs of the line', () => {
    const source = 'a\nb\n\tkey:\tvalue\nd\ne\nf';
    expect(codeFrame(source, 3, 7)).toBe(
      ['   1 | a', '   2 | b', ' > 3 | \tkey:\tvalue', '     | \t    \t^', '   4 | d', '   5 | e'].join('\n'),
    );
    expect(codeFrame('ab', 1, 5).split('\n')[1]).toBe('     |     ^');
  });

  test('problems print sorted by file and position, then a summary', () => {
    const items = [
      problem('PD3008', { src: 'b.png' }, { file: 'b.md', line: 2, column: 1 }),
      problem('PD3008', { src: 'a.png' }, { file: 'a.md', line: 5, column: 1 }),
      problem('PD3008', { src: 'c.png' }, { file: 'a.md', line: 1, column: 4 }),
      problem('PD1007', {}, { file: 'site.config.ts', line: 1, column: 1 }),
    ];
    expect(printDiagnostics(items).split('\n').map((l) => l.split('  ')[0])).toEqual(['a.md:1:4', 'a.md:5:1', 'b.md:2:1', 'site.config.ts:1:1']);
    expect(summaryLine(items)).toBe('3 errors, 1 warning.');
  });

  test('anything thrown that is not a ProtodocsError is PD9000; a ProtodocsError keeps its place', () => {
    expect(diagnosticFromThrown(new TypeError('x is undefined'))).toMatchObject({ code: 'PD9000', message: 'Internal error in protodocs: x is undefined' });
    const authored = new ProtodocsError(problem('PD2004', { file: 'p.tsx' }, { file: 'p.tsx' }));
    expect(diagnosticFromThrown(authored)).toMatchObject({ code: 'PD2004', file: 'p.tsx', line: 1 });
    const collected = new Diagnostics();
    collected.add(authored);
    collected.add(problem('PD1007', {}));
    expect([collected.errorCount, collected.warningCount, collected.hasErrors()]).toEqual([1, 1, true]);
  });
});
