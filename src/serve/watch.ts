import { watch as chokidarWatch, type FSWatcher } from 'chokidar';
import path from 'node:path';
import { statsKey } from '../reuse/index.ts';

export interface SiteWatcher {
  /** Adds files the last build read (config deps, component modules); already-watched paths are skipped. */
  add(paths: readonly string[]): void;
  close(): Promise<void>;
}

export interface WatchOptions {
  paths: readonly string[];
  /** Folders whose changes never affect the build (the output folder, node_modules). */
  ignoreUnder: readonly string[];
  debounceMs: number;
  /** Called once per quiet period with every path that changed during it. */
  onChange: (changed: string[]) => void;
  onError?: (error: unknown) => void;
}

// Editor side files: vim swap and its 4913 probe, emacs locks and backups, our own atomic-write temp folders.
const NOISE = /(?:^\.#|^#.*#$|~$|\.sw[px]$|^4913$|\.tmp$|^\.DS_Store$|^\.protodocs-(?:tmp|old)-)/;

/** chokidar's `_throttle(EV.CHANGE, path, 50)` in FSWatcher._emit (chokidar 4). */
const CHOKIDAR_CHANGE_THROTTLE_MS = 50;

/** chokidar with one debounce: a save that touches several files (or an editor's rename dance) is one rebuild. */
export async function watchSite(options: WatchOptions): Promise<SiteWatcher> {
  const ignoredRoots = options.ignoreUnder.map((p) => path.resolve(p));
  const isIgnored = (file: string) => {
    const abs = path.resolve(file);
    if (NOISE.test(path.basename(abs))) return true;
    if (abs.split(path.sep).includes('node_modules') || abs.split(path.sep).includes('.git')) return true;
    return ignoredRoots.some((root) => abs === root || abs.startsWith(root + path.sep));
  };
  const watched = new Set(options.paths.map((p) => path.resolve(p)));
  const watcher: FSWatcher = chokidarWatch([...watched], { ignoreInitial: true, ignored: isIgnored });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Set<string>();
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs);
  };
  // chokidar drops a file's `change` event that comes within 50 ms of its previous one (a leading-edge throttle, not
  // a delay), so a second save in quick succession would never be built. Each changed file is looked at again once
  // that window has passed (size and mtime), and reported again if it is not as it was when the first change was
  // reported.
  const recheck = new Map<string, string>();
  let recheckTimer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    const changed = [...pending];
    pending.clear();
    for (const file of changed) recheck.set(file, statsKey([file]));
    clearTimeout(recheckTimer);
    recheckTimer = setTimeout(() => {
      for (const [file, state] of recheck) if (statsKey([file]) !== state) pending.add(file);
      recheck.clear();
      if (pending.size) schedule();
    }, CHOKIDAR_CHANGE_THROTTLE_MS + 10);
    options.onChange(changed);
  };
  watcher.on('all', (_event, file) => {
    pending.add(path.resolve(file));
    schedule();
  });
  watcher.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  const coveredBy = (file: string) => [...watched].some((dir) => file === dir || file.startsWith(dir + path.sep));
  // Every build names every file it read (1,000 and more): those already looked at are skipped without a path check.
  const offered = new Set<string>();
  return {
    add(paths) {
      const fresh = paths.filter((p) => !offered.has(p));
      for (const p of fresh) offered.add(p);
      const added = fresh.map((p) => path.resolve(p)).filter((p) => !isIgnored(p) && !coveredBy(p));
      for (const p of added) watched.add(p);
      if (added.length) watcher.add(added);
    },
    async close() {
      clearTimeout(timer);
      clearTimeout(recheckTimer);
      await watcher.close();
    },
  };
}
