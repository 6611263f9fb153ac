import path from 'node:path';
import { expect, test } from 'vitest';
import { fileBelow } from './below.ts';

test('a normal relative path below a resolved folder is what path.join makes of it', () => {
  for (const [dir, rel] of [
    ['/site/build', 'docs/intro/index.html'],
    ['/site/build', 'index.html'],
    ['/', 'site/content/docs/a.md'],
    ['/a b/ü', 'x/y z.md'],
  ]) {
    expect(fileBelow(dir, rel)).toBe(path.join(dir, rel));
  }
});
