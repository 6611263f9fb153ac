import { expect, test } from 'vitest';
import type { RouteData } from '../shared/index.ts';
import { cliWorkers, LARGE_SITE_FILES } from './build-setup.ts';

test('builds that hand their workers many pages get V8 heaps that grow by half between collections; others keep the default', async () => {
  const flags: string[] = [];
  const factory = cliWorkers((f) => flags.push(f));
  // npm test builds dist/ first, so the compiled worker is there.
  expect(factory).toBeDefined();
  // A large site's pool alone sets nothing: an edit of it parses and renders a page or two.
  const pool = factory!(LARGE_SITE_FILES * 2)!;
  expect(flags).toEqual([]);
  const jobs = Array.from({ length: LARGE_SITE_FILES - 1 }, (_, i) => ({ file: `f${i}.md`, body: `# ${i}\n`, mdx: false, lineOffset: 0 }));
  expect(await pool.parse(jobs)).toHaveLength(LARGE_SITE_FILES - 1);
  expect(flags).toEqual([]);
  // Pages parsed and rendered anew count together, per build's pool.
  await pool.renderBodies([{} as RouteData]).catch(() => undefined);
  expect(flags).toEqual(['--heap-growing-percent=50']);
  const next = factory!(LARGE_SITE_FILES * 2)!;
  await next.renderBodies([{} as RouteData]).catch(() => undefined);
  expect(flags).toHaveLength(1);
  await Promise.all([pool.close(), next.close()]);
}, 60_000);
