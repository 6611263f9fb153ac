import { expect, test } from 'vitest';
import { pageRoutePath } from './url-path.ts';

test('a page path is a folder URL: one trailing slash, however many the author wrote', () => {
  expect(pageRoutePath('/docs/intro')).toBe('/docs/intro/');
  expect(pageRoutePath('/docs/intro/')).toBe('/docs/intro/');
  expect(pageRoutePath('/docs/intro///')).toBe('/docs/intro/');
  expect(pageRoutePath('/')).toBe('/');
  expect(pageRoutePath('')).toBe('/');
});
