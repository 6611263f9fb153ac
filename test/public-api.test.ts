import { describe, expect, it } from 'vitest';
import * as api from '../src/index.ts';

describe('public API', () => {
  it('exports exactly what site configs and hosts use', () => {
    expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
      [
        "defineConfig",
        "defineSidebars",
        "withBase",
      ]
    `);
  });

  it('defineConfig returns the config unchanged, so it only adds types', () => {
    const config = { title: 'T', url: 'https://example.test' };
    expect(api.defineConfig(config)).toBe(config);
  });
});
