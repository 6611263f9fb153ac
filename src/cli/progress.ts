import type { BuildProgress } from '../pipeline/index.ts';

// What `build` and `check` print while they work. On a terminal: one line, redrawn in place, with the current stage
// and the page counter. Elsewhere (CI logs): one line per finished stage with its time. Nothing with --quiet.

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface Progress {
  /** Receives the build's events (BuildOptions.progress). */
  event(event: BuildProgress): void;
  /** A step of the command's own, after the build (check's crawl): its name and detail, once it is done. */
  step(stage: string, ms: number, detail: string): void;
  /** Announces the command's own next step on a terminal (check: "crawling the site"). */
  next(label: string): void;
  /** Clears the terminal line; call before printing anything else. */
  done(): void;
}

export type ProgressMode = 'terminal' | 'lines' | 'off';

/** Terminal when stderr is one, lines otherwise; off with --quiet or --verbose (which prints its own stage lines). */
export function progressMode(stream: ProgressStream, options: { quiet?: boolean; verbose?: boolean }): ProgressMode {
  if (options.quiet || options.verbose) return 'off';
  return stream.isTTY ? 'terminal' : 'lines';
}

// What the build does after each stage; a stage this list does not know shows as "building".
const AFTER: Readonly<Record<string, string>> = {
  '': 'loading the config',
  config: 'reading content',
  scan: 'parsing markdown',
  parse: 'resolving routes',
  routes: 'rendering markdown',
  markdown: 'checking links',
  checks: 'bundling scripts',
  bundle: 'indexing for search',
  search: 'writing pages',
  render: 'finishing',
  write: 'finishing',
  record: 'finishing',
};

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Redraws of the terminal line are at most this often (a page event may come every few microseconds). */
const REDRAW_MS = 80;

export function createProgress(stream: ProgressStream, mode: ProgressMode, now: () => number = () => performance.now()): Progress {
  if (mode === 'off') return { event: () => {}, step: () => {}, next: () => {}, done: () => {} };
  if (mode === 'lines') {
    const line = (stage: string, ms: number, detail: string) =>
      stream.write(`${stage.padEnd(10)} ${formatMs(ms).padStart(8)}${detail ? `  ${detail}` : ''}\n`);
    return {
      event: (e) => {
        if (e.type === 'stage') line(e.stage, e.ms, e.detail);
      },
      step: line,
      next: () => {},
      done: () => {},
    };
  }

  const started = now();
  let label = AFTER[''];
  let pages: { done: number; total: number } | undefined;
  let frame = 0;
  let drawnAt = -Infinity;
  let shown = false;
  const draw = (force: boolean) => {
    const t = now();
    if (!force && t - drawnAt < REDRAW_MS) return;
    drawnAt = t;
    frame = (frame + 1) % FRAMES.length;
    const counter = pages ? ` ${pages.done}/${pages.total} pages` : '';
    const text = `${FRAMES[frame]} ${label}${counter}  ${formatMs(t - started)}`;
    // Longer than the terminal is wide, the line would wrap and \r could no longer redraw it.
    stream.write(`\r\x1b[2K${text.slice(0, Math.max(20, (stream.columns || 80) - 1))}`);
    shown = true;
  };
  // A long stage (parsing thousands of files) sends no events: the clock still moves.
  const timer = setInterval(() => draw(false), 250);
  timer.unref?.();
  draw(true);
  return {
    event: (e) => {
      if (e.type === 'stage') {
        label = AFTER[e.stage] ?? 'building';
        if (e.stage === 'render' || e.stage === 'unchanged') pages = undefined;
        draw(true);
      } else {
        pages = { done: e.done, total: e.total };
        draw(e.done === e.total);
      }
    },
    step: () => {},
    next: (text) => {
      label = text;
      pages = undefined;
      draw(true);
    },
    done: () => {
      clearInterval(timer);
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
