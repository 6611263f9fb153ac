import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configurationReference, REFERENCE_FILE } from '../src/config/reference.ts';
import { walkKeys } from '../src/config/schema-walk.ts';
import { configSchema } from '../src/config/schema.ts';

// CONFIGURATION.md is generated from the schema; a changed schema without `npm run reference` fails here.

const file = fileURLToPath(new URL(`../${REFERENCE_FILE}`, import.meta.url));

describe('the configuration reference', () => {
  it(`${REFERENCE_FILE} is what \`npm run reference\` generates from src/config/schema.ts`, () => {
    const committed = readFileSync(file, 'utf8');
    // One assertion on the whole text: its diff shows exactly which key changed.
    expect(committed, `${REFERENCE_FILE} is out of date: run \`npm run reference\` and commit the result`).toBe(configurationReference(configSchema));
  });

  it('documents every key of the schema with a type, what it does and an example', () => {
    const keys = walkKeys(configSchema);
    expect(keys.length).toBeGreaterThan(60);
    const undocumented = keys.filter((k) => !k.description || (k.example === undefined && !k.isObject)).map((k) => k.path);
    expect(undocumented).toEqual([]);
    const committed = readFileSync(file, 'utf8');
    for (const key of keys) {
      const name = key.path.slice(key.path.lastIndexOf('.') + 1);
      expect(committed, key.path).toContain(`| \`${name}\` | \`${key.type.replace(/\|/g, '\\|')}\` |`);
    }
  });

  it('names the defaults and what is required as the schema applies them', () => {
    const committed = readFileSync(file, 'utf8');
    expect(committed).toContain("| `title` | `string` | **required** |");
    expect(committed).toContain("| `url` | `string (URL)` | **required** |");
    expect(committed).toContain("| `postsPerPage` | `integer` | `10` |");
    expect(committed).toContain("| `position` | `'left' \\| 'right'` | `'right'` |");
    const defaults = configSchema.parse({ title: 'T', url: 'https://example.test' });
    expect(committed).toContain(`| \`routeBasePath\` | \`string\` | \`'${defaults.docs.routeBasePath}'\` |`);
    expect(committed).toContain(`| \`sidebarTitle\` | \`string\` | \`'${defaults.blog.sidebarTitle}'\` |`);
  });
});
