import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

// The file-system answers behind the MDX component hints: which files a page could import, as it would write them.

/** What an MDX file can import, answered from the file system by the build. Specifiers are relative to the page. */
export interface ComponentFiles {
  /** A file named like the component (Name.tsx, .jsx, .mdx…) beside the page or in content/components. */
  find(name: string): string | undefined;
  /** For an import that names no file: the file it most likely means (another extension, or none given). */
  alternative(specifier: string): string | undefined;
}

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
