import { expect, test } from 'vitest';
import { cliWorkers, LARGE_SITE_FILES } from './build-setup.ts';

test('large sites get V8 heaps that grow by half between collections; smaller ones keep the default', async () => {
  const flags: string[] = [];
  const factory = cliWorkers((f) => flags.push(f));
  // npm test builds dist/ first, so the compiled worker is there.
  expect(factory).toBeDefined();
  const small = factory!(LARGE_SITE_FILES - 1);
  expect(flags).toEqual([]);
  const large = factory!(LARGE_SITE_FILES);
  expect(flags).toEqual(['--heap-growing-percent=50']);
  await Promise.all([small?.close(), large?.close()]);
});
