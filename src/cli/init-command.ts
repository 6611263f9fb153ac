import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { DEFAULT_ANSWERS, existingFiles, scaffoldFiles, type SiteAnswers } from './scaffold.ts';

export interface InitCommandOptions {
  dir: string;
  title?: string;
  tagline?: string;
  url?: string;
  /** Take the defaults for anything not given, without asking. */
  yes?: boolean;
  /** Ask for what is not given (only when stdin and stdout are terminals). */
  interactive: boolean;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  errors: NodeJS.WritableStream;
  today: Date;
}

/** `protodocs init [dir]`: writes a starter site, never over an existing file. Returns the exit code. */
export async function runInit(options: InitCommandOptions): Promise<number> {
  const out = (text: string) => options.output.write(text);
  const fail = (text: string, code: number) => {
    options.errors.write(text);
    return code;
  };
  if (options.url !== undefined && !isSiteUrl(options.url)) {
    return fail(`--url must be an http(s) URL such as https://docs.example.com, got "${options.url}".\n`, 2);
  }
  const dir = path.resolve(options.dir);
  const shown = path.relative(process.cwd(), dir) || '.';
  const date = options.today.toISOString().slice(0, 10);
  // The file names do not depend on the answers: check for conflicts before asking anything.
  const planned = scaffoldFiles({ ...DEFAULT_ANSWERS, date });
  const conflicts = existingFiles(dir, planned.keys());
  if (conflicts.length > 0) {
    return fail(
      `protodocs init: ${conflicts.length === 1 ? 'this file already exists' : 'these files already exist'} in ${shown}/, so nothing was written:\n` +
        conflicts.map((rel) => `  ${rel}\n`).join('') +
        'Run it in an empty folder, or name a new one: protodocs init my-site\n',
      1,
    );
  }

  const answers: SiteAnswers = {
    title: options.title ?? DEFAULT_ANSWERS.title,
    tagline: options.tagline ?? DEFAULT_ANSWERS.tagline,
    url: options.url ?? DEFAULT_ANSWERS.url,
    date,
  };
  if (options.interactive && !options.yes) {
    const rl = createInterface({ input: options.input, output: options.output });
    // Lines typed (or pasted) ahead of a question are queued by the iterator, not lost.
    const lines = rl[Symbol.asyncIterator]();
    const ask = async (question: string, fallback: string): Promise<string | undefined> => {
      rl.setPrompt(`${question} (${fallback}): `);
      rl.prompt();
      const line = await lines.next();
      return line.done ? undefined : line.value.trim() || fallback;
    };
    try {
      const title = options.title ?? (await ask('Site title', answers.title));
      const tagline = title === undefined ? undefined : (options.tagline ?? (await ask('Tagline', answers.tagline)));
      let url = tagline === undefined ? undefined : (options.url ?? (await ask('URL the site will be published at', answers.url)));
      while (url !== undefined && !isSiteUrl(url)) {
        out('Enter a full http(s) URL, such as https://docs.example.com\n');
        url = await ask('URL the site will be published at', answers.url);
      }
      // End of input (Ctrl+D) before the last answer: the reader changed their mind.
      if (title === undefined || tagline === undefined || url === undefined) return fail('\nprotodocs init: cancelled; nothing was written.\n', 1);
      Object.assign(answers, { title, tagline, url });
    } finally {
      rl.close();
    }
  }

  const files = scaffoldFiles(answers);
  for (const [rel, text] of files) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    // 'wx' fails rather than overwrite, should a file have appeared since the check.
    writeFileSync(abs, text, { flag: 'wx' });
  }
  const cd = shown === '.' ? '' : `  cd ${shown.includes(' ') ? JSON.stringify(shown) : shown}\n`;
  out(
    `Created a protodocs site in ${shown}/ (${files.size} files).\n\n` +
      'Next:\n' +
      cd +
      '  npx protodocs serve    preview it at http://127.0.0.1:3000/; pages reload as you edit\n' +
      '  npx protodocs build    write the site to build/\n' +
      '  npx protodocs check    build and follow every link\n',
  );
  return 0;
}

function isSiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
