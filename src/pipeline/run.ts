import { Diagnostics, type Diagnostic } from '../errors/index.ts';

/** What the CLI is told as a build goes: each stage as it ends, and each page as it is written. */
export type BuildProgress = { type: 'stage'; stage: string; ms: number; detail: string } | { type: 'page'; done: number; total: number };

/**
 * One build's bookkeeping: the problems it collects, how long each stage took, and the lines and progress events it
 * reports. Stages add problems here and keep going, so one run lists them all.
 */
export class BuildRun {
  readonly diagnostics = new Diagnostics();
  readonly timings: Record<string, number> = {};
  /** When the build began (Date.now()): an input modified since may not be what the build read. */
  readonly startedAt = Date.now();
  private clock = performance.now();
  private pagesDone = 0;

  constructor(
    private readonly log?: (line: string) => void,
    private readonly progress?: (event: BuildProgress) => void,
  ) {
    // performance.now() counts from process start: this is the CLI's start-up cost, measured where work begins.
    log?.(`· started ${Math.round(performance.now())} ms after launch`);
  }

  /** Ends the current stage: its time, the process's memory after it (when logging), and a progress event. */
  stage(name: string, detail = ''): void {
    const now = performance.now();
    this.timings[name] = Math.round(now - this.clock);
    this.clock = now;
    // Asking for the memory figures costs a few ms a build: serve's rebuilds skip them unless they are printed.
    if (this.log) this.log(stageLine(name, detail, this.timings[name]));
    this.progress?.({ type: 'stage', stage: name, ms: this.timings[name], detail });
  }

  page(total: number): void {
    this.progress?.({ type: 'page', done: ++this.pagesDone, total });
  }

  add(problems: Iterable<Diagnostic>): boolean {
    this.diagnostics.addAll(problems);
    return this.diagnostics.hasErrors();
  }

  get failed(): boolean {
    return this.diagnostics.hasErrors();
  }

  warnings(): Diagnostic[] {
    return this.diagnostics.items.filter((d) => d.severity === 'warning');
  }

  /** A line of the build's own (a failed search index), where the stage lines go. */
  note(line: string): void {
    this.log?.(line);
  }
}

/** A stage's line as `--verbose` prints it: its time, and the process's memory as it ends. */
export function stageLine(name: string, detail: string, ms: number): string {
  const rss = Math.round(process.memoryUsage.rss() / 1048576);
  const heap = Math.round(process.memoryUsage().heapUsed / 1048576);
  return `✓ ${name.padEnd(10)} ${detail.padEnd(14)} ${String(ms).padStart(6)} ms  ${String(rss).padStart(5)} MiB RSS, ${String(heap).padStart(5)} MiB main heap`;
}
