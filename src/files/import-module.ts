type Importer = (specifier: string) => Promise<unknown>;

let lent: Importer | undefined;

/** The CLI's loader lends its import() (src/cli/launch.ts): see importModule. */
export function useModuleImporter(importer: Importer): void {
  lent = importer;
}

/**
 * import() of a module from outside protodocs' own code: an ES-only or external package, or a site's compiled module
 * (a data: URL). The CLI runs from a V8 code cache, and Node gives the functions it restores from one no import()
 * callback ("A dynamic import callback was not specified"), so there the loader lends its own; everywhere else (the
 * public API, workers, tests) this is plain import().
 */
export function importModule<T = Record<string, unknown>>(specifier: string): Promise<T> {
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}
