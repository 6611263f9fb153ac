import { afterEach, describe, expect, test, vi } from 'vitest';
import { failedScript } from './import-retry.ts';

describe('failedScript', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("takes the script a failed import names, in Chromium's and Firefox's words, from this origin only", () => {
    vi.stubGlobal('location', new URL('https://docs.example/docs/intro/'));
    expect(failedScript('Failed to fetch dynamically imported module: https://docs.example/assets/chunk.AB12CD34.js')).toBe('https://docs.example/assets/chunk.AB12CD34.js');
    expect(failedScript('error loading dynamically imported module: https://docs.example/assets/chunk.AB12CD34.js')).toBe('https://docs.example/assets/chunk.AB12CD34.js');
    // Safari names no script; another origin's is not asked for again; nor is a URL in the middle of a message.
    expect(failedScript('Importing a module script failed.')).toBeUndefined();
    expect(failedScript('Failed to fetch dynamically imported module: https://elsewhere.example/assets/chunk.AB12CD34.js')).toBeUndefined();
    expect(failedScript('https://docs.example/assets/chunk.AB12CD34.js failed to parse')).toBeUndefined();
  });
});
