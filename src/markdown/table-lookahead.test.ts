import { micromark } from 'micromark';
import type { Code, Construct, State } from 'micromark-util-types';
import { describe, expect, test } from 'vitest';
import { lookaheadTable, withTableLookahead } from './table-lookahead.ts';

/** A stand-in table construct that records the lines on which its tokenizer was started, and never matches. */
function spyTable(started: number[]): Construct {
  return {
    name: 'table',
    tokenize(effects, _ok, nok): State {
      return (code: Code) => {
        started.push(this.now().line);
        return nok(code);
      };
    },
  };
}

function startedLines(source: string, lookahead: boolean): number[] {
  const started: number[] = [];
  const lines = {};
  const construct = lookaheadTable(spyTable(started), lines);
  const parse = () => micromark(source, { extensions: [{ flow: { null: [construct] } }] });
  if (lookahead) withTableLookahead(lines, source, parse);
  else parse();
  return [...new Set(started)];
}

describe('table lookahead', () => {
  const source = 'para one\nstill para\n\n| a |\n|---|\n\nx\n:-\n\nlast line\n';

  test('the wrapped construct starts only on lines whose next line could be a delimiter row', () => {
    expect(startedLines(source, false)).toEqual([1, 2, 4, 5, 7, 8, 10]);
    expect(startedLines(source, true)).toEqual([4, 7]);
  });

  test('line endings count as micromark counts them (CRLF is one, a lone CR is one)', () => {
    expect(startedLines('a\r\nb|-\r\n\rc\rd|-\r', true)).toEqual([1, 4]);
  });

  test('outside withTableLookahead the construct is left as it is', () => {
    expect(startedLines('a\nb\n', false)).toEqual([1, 2]);
  });
});
