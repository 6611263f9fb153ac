import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ComponentFiles } from '../markdown/types.ts';

// The file-system answers behind the MDX component hints: which files a page could import, as it would write them.

const EXTENSIONS = ['.tsx', '.jsx', '.ts', '.js', '.mdx'];

/** Component files for the page at `pageAbs`, which is `pageRel` from the site root. */
export function componentFiles(pageAbs: string, pageRel: string): ComponentFiles {
  const dir = path.dirname(pageAbs);
  const root = path.resolve(dir, ...pageRel.split('/').slice(1).map(() => '..'));
  const isFile = (abs: string) => existsSync(abs) && statSync(abs).isFile();
  const specifier = (abs: string) => {
    const rel = path.relative(dir, abs).split(path.sep).join('/');
    return rel.startsWith('../') ? rel : `./${rel}`;
  };
  const withSomeExtension = (base: string, except?: string) => EXTENSIONS.map((ext) => base + ext).find((abs) => abs !== except && isFile(abs));
  return {
    find: (name) => {
      for (const folder of [dir, path.join(root, 'content', 'components')]) {
        const found = withSomeExtension(path.join(folder, name));
        if (found) return specifier(found);
      }
      return undefined;
    },
    alternative: (spec) => {
      const abs = path.resolve(dir, spec);
      const found = withSomeExtension(abs.replace(/\.(tsx|jsx|ts|js|mdx)$/, ''), abs);
      return found ? specifier(found) : undefined;
    },
  };
}
