// Bundled by run.mjs at bench time: the parser's floor for a site, measured as a build is (a process of its own, from
// start to exit). It does what a cold build does before anything else: loads the config, scans content/, and parses
// every markdown file with the same micromark configuration in the same worker threads, handed over as the scan reads
// them; nothing after that.
import { cliWorkers } from '../../src/cli/build-setup.ts';
import { Diagnostics } from '../../src/errors/index.ts';
import { configStage } from '../../src/pipeline/config-stage.ts';
import { MarkdownStage } from '../../src/pipeline/markdown-stage.ts';
import { scanContent } from '../../src/content/index.ts';
import { noReuse } from '../../src/reuse/index.ts';

const root = process.argv[2];
const diagnostics = new Diagnostics();
const reuse = noReuse();
const config = await configStage({ root }, reuse, diagnostics);
if (!config) throw new Error(`no config in ${root}`);
// As a build does it: the workers parse the files the scan hands over while it reads the rest.
const workers = cliWorkers();
let pool: ReturnType<NonNullable<typeof workers>>;
const parsing = MarkdownStage.begin(config, { pool: (work) => (pool ??= workers?.(work)), reuse });
const content = scanContent(config, diagnostics, { onFile: (file) => parsing.add(file) });
const markdown = await parsing.finish(content);
await pool?.close();
process.stdout.write(JSON.stringify({ docs: markdown.count, errors: diagnostics.items.filter((d) => d.severity === 'error').length }) + '\n');
