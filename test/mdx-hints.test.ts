import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { build } from '../src/pipeline/index.ts';
import { formatDiagnostic } from '../src/errors/index.ts';

// The MDX component hints on a real site: the files they name exist, with the path the page would import them by.

it('names the component files that exist, relative to the page, whatever their extension', async () => {
  const root = fileURLToPath(new URL('./fixtures/mdx-component-hints/', import.meta.url));
  const result = await build({ root, write: false });
  expect(result.ok).toBe(false);
  expect(result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual([
    "content/docs/guides/page.mdx:5:1  PD3023 The import of Card names ./Card.tsx, which does not exist.  (hint: did you mean './Card.jsx'? (the path is resolved from content/docs/guides/))",
    "content/docs/guides/page.mdx:9:1  PD3004 <Banner> is not an imported component.  (hint: import it at the top of the file: import Banner from '../../components/Banner.jsx')",
    "content/docs/guides/page.mdx:11:1  PD3004 <Intro> is not an imported component.  (hint: ../../components/Intro.mdx is an MDX file, and only .tsx or .jsx files can be components: copy its text into this page, or make it a .tsx component)",
  ]);
});
