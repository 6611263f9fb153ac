import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/index.ts';
import type { ContentFile, MarkdownFile } from '../content/index.ts';
import { problem, type Diagnostics } from '../errors/index.ts';
import { componentFiles as componentFilesOf } from '../files/index.ts';
import { loadComponentModule, type LoadedModule } from '../render/index.ts';
import type { Reuse } from '../reuse/index.ts';
import type { ParsedSummary } from '../routes/index.ts';

export interface LoadedModules {
  /** `file\0specifier` → the component file an MDX import names. */
  imports: Map<string, string>;
  /** MDX components by absolute path. */
  components: Map<string, LoadedModule>;
  /** Page modules (content/pages/*.tsx) by site-relative file. */
  pages: Map<string, LoadedModule>;
}

/**
 * MDX components and page modules, compiled once each before rendering needs them synchronously. An import of a
 * missing file is the author's mistake at the import (PD3023).
 */
export async function loadModules(
  config: SiteConfig,
  files: readonly ContentFile[],
  summaries: ReadonlyMap<string, ParsedSummary>,
  reuse: Reuse,
  diagnostics: Diagnostics,
): Promise<LoadedModules> {
  const loaded: LoadedModules = { imports: new Map(), components: new Map(), pages: new Map() };
  for (const file of files) {
    if (file.kind === 'page-module') continue;
    const summary = summaries.get(file.file);
    for (const [name, specifier] of Object.entries(summary?.mdxImports ?? {})) {
      const abs = path.resolve(path.dirname(file.abs), specifier);
      if (existsSync(abs)) loaded.imports.set(`${file.file}\0${specifier}`, abs);
      else diagnostics.add(problem('PD3023', { name, specifier, ...missingImport(file, name, specifier, config) }, { file: file.file, ...summary?.mdxImportPositions?.[name] }));
    }
  }
  const load = async (abs: string) => {
    const known = reuse.module(abs);
    if (known) return known;
    const mod = await loadComponentModule(abs, config.root, diagnostics);
    if (mod) reuse.keepModule(abs, mod);
    return mod;
  };
  for (const abs of new Set(loaded.imports.values())) {
    const mod = await load(abs);
    if (mod) loaded.components.set(abs, mod);
  }
  for (const file of files) {
    if (file.kind !== 'page-module') continue;
    const mod = await load(file.abs);
    if (mod) loaded.pages.set(file.file, mod);
  }
  return loaded;
}

/** What an import of a missing file most likely meant: the same name with another extension, beside the page or in content/components. */
function missingImport(file: MarkdownFile, name: string, specifier: string, config: SiteConfig): { likely?: string; from: string } {
  const files = componentFilesOf(file.abs, file.file);
  return { likely: files.alternative(specifier) ?? files.find(name), from: path.relative(config.root, path.dirname(file.abs)).split(path.sep).join('/') };
}

/** Every file the modules were built from, for watch mode and the build record. */
export function moduleInputs(modules: LoadedModules): string[] {
  return [...modules.components.values(), ...modules.pages.values()].flatMap((m) => m.deps);
}
