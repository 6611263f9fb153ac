import { describe, expect, test } from 'vitest';
import { testConfig } from '../config/test-support.ts';
import { formatDiagnostic, sortDiagnostics } from '../errors/index.ts';
import { checkStructure } from './structure-check.ts';
import { contentSet, doc, routesOf, type FakeFile } from './test-support.ts';

// The structure checked before any markdown is parsed, from the config and the scanned files: what it finds is what
// the route stage finds later with the parsed titles, so the build can print it at once.

const print = (config: Parameters<typeof checkStructure>[0], files: readonly FakeFile[], source = '') =>
  sortDiagnostics(checkStructure(config, contentSet(files), source)).map(formatDiagnostic);

// Files as the scan gives them: no parse summary.
const unparsed = (file: FakeFile): FakeFile => ({ file: file.file });

describe('checkStructure', () => {
  test('a navbar item naming an undefined sidebar, at its value in site.config.ts', () => {
    const source = "export default {\n  navbar: { items: [{ type: 'docSidebar', sidebarId: 'mian', label: 'Docs' }] },\n};\n";
    const config = testConfig({ navbar: { items: [{ type: 'docSidebar', sidebarId: 'mian', label: 'Docs' }, { type: 'docSidebar', sidebarId: 'main', label: 'Ok' }] } }, { sidebars: { main: ['intro'], other: [] } });
    expect(print(config, [unparsed(doc('intro'))], source)).toEqual([
      'site.config.ts:2:54  PD1006 navbar.items[0] names sidebar "mian", which is not defined.  (hint: defined sidebars: main, other)',
    ]);
  });

  test('a sidebar naming a doc that does not exist, and a version without its main doc', () => {
    const config = testConfig({ docs: { versions: [{ name: 'current', mainDoc: 'welcome' }] } }, { sidebars: { main: ['intro', 'gone'] } });
    const problems = print(config, [unparsed(doc('intro'))]);
    expect(problems).toEqual([
      'content/sidebars.ts:1:1  PD4001 Sidebar item "gone" has no link target: there is no doc with that id.  (hint: doc ids are paths under content/docs without the extension)',
      'site.config.ts:1:1  PD4004 Docs version "current" has no main doc "welcome".  (hint: create content/docs/welcome.md or set docs.versions[0].mainDoc to an existing doc id)',
    ]);
  });

  test('finds what the route stage finds, without titles', () => {
    const config = testConfig({ docs: { versions: [{ name: 'current', mainDoc: 'welcome' }] } }, { sidebars: { main: ['intro', 'gone'] } });
    const files = [doc('intro', { h1: 'Intro' })];
    expect(print(config, files.map(unparsed))).toEqual(routesOf(config, files).problems);
  });

  test('a sound structure: nothing', () => {
    const config = testConfig({ navbar: { items: [{ type: 'docSidebar', sidebarId: 'main', label: 'Docs' }] } }, { sidebars: { main: ['intro'] } });
    expect(print(config, [unparsed(doc('intro'))])).toEqual([]);
  });
});
