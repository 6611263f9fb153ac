import { describe, expect, test, vi } from 'vitest';
import { HIGHLIGHT_ALIASES } from '../shared/index.ts';
import { enabledLanguage, HIGHLIGHT_LANGUAGES, highlightCode } from './highlight.ts';

/** The classes of the span around each listed word: what decides its colour. */
function classesOf(html: string, words: string[]): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {};
  for (const word of words) {
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result[word] = new RegExp(`<span class="([^"]+)">${escaped}</span>`).exec(html)?.[1];
  }
  return result;
}

describe('bash, shell and console', () => {
  test('command names, options, variables, strings and comments get their own token classes', () => {
    const html = highlightCode(
      '# install the CLI\nnpm install -g @iaindex/cli --save-dev\nnode build-index.mjs > index.json\ndig TXT _iaindex.example.com +short\n' +
        'export API_KEY="$HOME/.key" && sudo apt-get install -y jq\nNODE_ENV=production ./build.sh --out=dist',
      'bash',
    );
    expect(classesOf(html, ['# install the CLI', 'npm', 'node', 'dig', 'sudo', 'apt-get', './build.sh', '-g', '--save-dev', '-y', '--out', 'API_KEY', 'NODE_ENV', '$HOME'])).toEqual({
      '# install the CLI': 'hljs-comment',
      npm: 'hljs-title function_',
      node: 'hljs-title function_',
      dig: 'hljs-title function_',
      sudo: 'hljs-title function_',
      'apt-get': 'hljs-title function_',
      './build.sh': 'hljs-title function_',
      '-g': 'hljs-attr',
      '--save-dev': 'hljs-attr',
      '-y': 'hljs-attr',
      '--out': 'hljs-attr',
      API_KEY: 'hljs-variable',
      NODE_ENV: 'hljs-variable',
      $HOME: 'hljs-variable',
    });
    expect(html).toContain('<span class="hljs-string">&quot;<span class="hljs-variable">$HOME</span>/.key&quot;</span>');
    // Arguments stay plain text.
    expect(html).toContain('</span> install <span');
  });

  test('keywords stay keywords; the command after one, a pipe or a prefix is a command; continued lines are not', () => {
    const html = highlightCode('if [ -f x ]; then echo "$A" | grep -v b; fi\ncurl -X POST https://x.example \\\n  https://y.example', 'bash');
    expect(classesOf(html, ['if', 'then', 'fi', 'echo', 'grep', '-v', '-f', 'curl'])).toEqual({
      if: 'hljs-keyword',
      then: 'hljs-keyword',
      fi: 'hljs-keyword',
      echo: 'hljs-title function_',
      grep: 'hljs-title function_',
      '-v': 'hljs-attr',
      '-f': 'hljs-attr',
      curl: 'hljs-title function_',
    });
    expect(html).toContain('\n  https://y.example');
  });

  test('console blocks mark prompts and highlight the command after them; output lines stay plain', () => {
    const html = highlightCode('$ npm run build -- --verbose\nBuilt 46 pages\n# whoami', 'console');
    expect(html).toContain('<span class="hljs-meta prompt_">$ </span><span class="language-bash"><span class="hljs-title function_">npm</span> run build -- <span class="hljs-attr">--verbose</span></span>\nBuilt 46 pages\n');
    expect(html).toContain('<span class="hljs-meta prompt_"># </span><span class="language-bash"><span class="hljs-title function_">whoami</span></span>');
  });
});

describe('fence languages', () => {
  test('the languages and aliases authors write resolve to a grammar', () => {
    const all = [...HIGHLIGHT_LANGUAGES];
    const expected: Record<string, string> = {
      yaml: 'yaml', yml: 'yaml', sh: 'bash', shell: 'bash', zsh: 'bash', bash: 'bash', console: 'console', shellsession: 'console',
      diff: 'diff', patch: 'diff', html: 'html', xml: 'html', svg: 'html', css: 'css', js: 'javascript', jsx: 'javascript',
      mjs: 'javascript', ts: 'typescript', tsx: 'typescript', py: 'python', rb: 'ruby', md: 'markdown', toml: 'ini', JSON: 'json',
    };
    for (const [fence, name] of Object.entries(expected)) expect(enabledLanguage(fence, all), fence).toBe(name);
    expect(enabledLanguage('brainfuck', all)).toBeUndefined();
    // A site enables languages by canonical name or alias; the rest stay plain.
    expect(enabledLanguage('tsx', ['ts'])).toBe('typescript');
    expect(enabledLanguage('yaml', ['bash', 'json'])).toBeUndefined();
    for (const alias of Object.keys(HIGHLIGHT_ALIASES)) expect(enabledLanguage(alias, all), alias).toBeDefined();
  });

  test('every language produces highlighted HTML', () => {
    const samples: Record<string, string> = {
      css: 'a { color: red; }', diff: '+ added', dockerfile: 'FROM node:20', go: 'func main() {}', graphql: 'query { a }',
      html: '<p class="x">y</p>', ini: '[a]\nb = 1', java: 'class A {}', javascript: 'const a = 1;', json: '{"a": 1}',
      markdown: '# Title', php: '<?php echo 1; ?>', python: 'def f(): pass', ruby: 'def f; end', rust: 'fn main() {}',
      sql: 'SELECT 1', typescript: 'let a: string;', yaml: 'a: 1', bash: 'ls -la', console: '$ ls',
    };
    for (const name of HIGHLIGHT_LANGUAGES) expect(highlightCode(samples[name], name), name).toContain('<span class="hljs-');
  });

  test('JSX and TSX tags are highlighted', () => {
    expect(highlightCode('const a = <Button kind="primary">Go</Button>;', 'javascript')).toContain('<span class="hljs-name">Button</span>');
    expect(highlightCode('const a = (x: string) => <p>{x}</p>;', 'typescript')).toContain('<span class="hljs-name">p</span>');
  });

  test('a grammar is registered when a page first uses its language, with the grammars it embeds', async () => {
    vi.resetModules();
    const fresh = await import('./highlight.ts');
    expect(fresh.registeredGrammars()).toEqual([]);
    fresh.highlightCode('{"a": 1}', 'json');
    expect(fresh.registeredGrammars()).toEqual(['json']);
    fresh.highlightCode('$ ls', 'console');
    expect(fresh.registeredGrammars()).toEqual(['bash', 'console', 'json']);
  });
});
