import type { HLJSApi, Language, LanguageFn, Mode } from 'highlight.js';
import bash from 'highlight.js/lib/languages/bash';

// highlight.js's bash grammar colours keywords, builtins, strings, variables and comments, but not the command a line
// runs (`npm`, `node`, `dig`) nor its options (`-g`, `--save-dev`): a block of commands reads as one colour. These
// modes add both, in front of the grammar's own so they win at the same position.

/** Words after which the next word is still the command: `sudo npm …`, `then echo …`, `xargs rm …`. */
const PREFIXES = 'sudo|env|time|nohup|exec|command|builtin|xargs|then|do|else|!';
/** Shell keywords stay keywords, never commands. */
const KEYWORDS = 'if|then|else|elif|fi|for|while|until|do|done|case|esac|in|function|select|coproc|time';

/**
 * A word in command position: at the start of a line (unless the previous line ends with `\`), after `|`, `&`, `;`,
 * `(`, `` ` `` or `$(`, after a prefix such as `sudo`, and after `NAME=value` assignments.
 */
const COMMAND = new RegExp(
  '(?<!\\\\\\r?\\n[ \\t]*)' +
    `(?<=(?:^|[|&;(\`{]|\\$\\()[ \\t]*(?:(?:${PREFIXES})[ \\t]+)*(?:[A-Za-z_][A-Za-z0-9_]*=\\S*[ \\t]+)*)` +
    `(?!(?:${KEYWORDS})(?=[\\s;&|)]|$)|[A-Za-z_][A-Za-z0-9_]*=)` +
    '[\\w.\\/~@+][\\w.\\/~@+:%,-]*',
  'm',
);

/** `-g`, `--save-dev`, `--out=dir` (up to the `=`): after a space, starting with a letter (not `-1`). */
const OPTION = /(?<=\s)--?[A-Za-z][\w-]*/;

/** `NAME=` at the start of a word: an assignment, coloured as the variable it sets. */
const ASSIGNMENT = /(?<=^|[\s;&|(])[A-Za-z_][A-Za-z0-9_]*(?==)/m;

export const bashWithCommands: LanguageFn = (hljs: HLJSApi): Language => {
  const base = bash(hljs);
  const added: Mode[] = [
    { scope: 'title.function', match: COMMAND, relevance: 0 },
    { scope: 'attr', match: OPTION, relevance: 0 },
    { scope: 'variable', match: ASSIGNMENT, relevance: 0 },
  ];
  // After the shebang modes and the function-definition mode (`foo() {`), before the rest.
  const contains = base.contains ?? [];
  return { ...base, contains: [...contains.slice(0, 3), ...added, ...contains.slice(3)] };
};
