import type { Root } from 'mdast';
import path from 'node:path';
import { problem, type Diagnostic } from '../errors/index.ts';
import { startOf, type Point } from './node-position.ts';

interface EstreeLocation {
  start: { line: number; column: number };
}

interface EstreeStatement {
  type: string;
  loc?: EstreeLocation | null;
  source?: { value?: unknown };
  specifiers?: { type: string; local: { name: string } }[];
}

export interface MdxImports {
  imports: Record<string, string>;
  /** Where each import is written, for problems found later (a file that does not exist). */
  positions: Record<string, Point>;
  diagnostics: Diagnostic[];
}

/**
 * Reads the ESM of an MDX file. MDX is rendered as HTML with component holes, not compiled to a module, so the only
 * meaningful statement is a default import of a component; anything else would silently do nothing.
 */
export function readMdxImports(tree: Root, file: string, lineOffset: number): MdxImports {
  const imports: Record<string, string> = {};
  const positions: Record<string, Point> = {};
  const diagnostics: Diagnostic[] = [];
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = node.data?.estree as { body?: EstreeStatement[] } | undefined;
    const statements = program?.body ?? [];
    if (statements.length === 0) {
      diagnostics.push(unsupported(file, startOf(node.position), 'statement'));
      continue;
    }
    for (const statement of statements) {
      const at = statement.loc
        ? { line: statement.loc.start.line + lineOffset, column: statement.loc.start.column + 1 }
        : startOf(node.position);
      const specifiers = statement.specifiers ?? [];
      const isDefaultImport =
        statement.type === 'ImportDeclaration' &&
        specifiers.length === 1 &&
        specifiers[0].type === 'ImportDefaultSpecifier' &&
        typeof statement.source?.value === 'string';
      if (isDefaultImport) {
        imports[specifiers[0].local.name] = statement.source?.value as string;
        if (at) positions[specifiers[0].local.name] = at;
      } else {
        diagnostics.push(unsupported(file, at, statement.type === 'ImportDeclaration' ? 'import' : 'statement'));
      }
    }
  }
  return { imports, positions, diagnostics };
}

/** content/components as an import path from the page (`file` is relative to the site root). */
export function componentsFolderFrom(file: string): string {
  const rel = path.posix.relative(path.posix.dirname(file), 'content/components');
  return rel.startsWith('../') ? rel : `./${rel}`;
}


function unsupported(file: string, at: Point | undefined, what: 'import' | 'statement'): Diagnostic {
  return problem('PD3005', what === 'import' ? { kind: 'import', componentsFolder: componentsFolderFrom(file) } : { kind: 'statement' }, { file, ...at });
}
