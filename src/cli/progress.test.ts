import { describe, expect, it } from 'vitest';
import { createProgress, progressMode, type ProgressStream } from './progress.ts';

function stream(isTTY: boolean): ProgressStream & { text: string } {
  const s = { text: '', isTTY, columns: 60, write: (t: string) => (s.text += t) };
  return s;
}

describe('progress output', () => {
  it('picks the terminal line on a TTY, lines elsewhere, nothing with --quiet or --verbose', () => {
    expect(progressMode(stream(true), {})).toBe('terminal');
    expect(progressMode(stream(false), {})).toBe('lines');
    expect(progressMode(stream(true), { quiet: true })).toBe('off');
    expect(progressMode(stream(false), { quiet: true })).toBe('off');
    expect(progressMode(stream(false), { verbose: true })).toBe('off');
  });

  it('without a terminal: one line per stage with its time, readable in a CI log', () => {
    const out = stream(false);
    const progress = createProgress(out, 'lines');
    progress.event({ type: 'stage', stage: 'config', ms: 12.4, detail: '' });
    progress.event({ type: 'page', done: 1, total: 2 });
    progress.event({ type: 'stage', stage: 'parse', ms: 1234, detail: '40 docs' });
    progress.step('crawl', 80, '46 pages, 300 links');
    progress.done();
    expect(out.text).toBe('config        12 ms\nparse        1.23 s  40 docs\ncrawl         80 ms  46 pages, 300 links\n');
  });

  it('on a terminal: one line redrawn in place with the current stage and the page counter, cleared at the end', () => {
    const out = stream(true);
    let clock = 0;
    const progress = createProgress(out, 'terminal', () => clock);
    expect(out.text).toBe('\r\x1b[2K⠙ loading the config  0 ms');
    clock = 100;
    progress.event({ type: 'stage', stage: 'config', ms: 100, detail: '' });
    expect(out.text.endsWith('\r\x1b[2K⠹ reading content  100 ms')).toBe(true);
    progress.event({ type: 'stage', stage: 'search', ms: 5, detail: '' });
    clock = 200;
    progress.event({ type: 'page', done: 1, total: 40 });
    expect(out.text.endsWith('writing pages 1/40 pages  200 ms')).toBe(true);
    // Pages come faster than the line is redrawn: the next ones within 80 ms draw nothing, the last one always.
    const before = out.text;
    clock = 210;
    progress.event({ type: 'page', done: 2, total: 40 });
    expect(out.text).toBe(before);
    clock = 215;
    progress.event({ type: 'page', done: 40, total: 40 });
    expect(out.text.endsWith('writing pages 40/40 pages  215 ms')).toBe(true);
    expect(out.text).not.toContain('\n');
    progress.done();
    expect(out.text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('prints nothing when off', () => {
    const out = stream(true);
    const progress = createProgress(out, 'off');
    progress.event({ type: 'stage', stage: 'config', ms: 1, detail: '' });
    progress.done();
    expect(out.text).toBe('');
  });
});
