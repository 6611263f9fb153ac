export interface JsonSyntaxError {
  /** Character offset of the problem in the text. */
  offset: number;
  reason: string;
}

/**
 * Finds the first syntax error of a text that `JSON.parse` rejected. V8's messages carry a position only for some
 * errors ("Unexpected token 'x', ... is not valid JSON" has none), and their wording changes between Node versions,
 * so the location comes from this small scanner instead.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.skipSpace();
    scanner.value();
    scanner.skipSpace();
    if (scanner.pos < text.length) scanner.fail('unexpected text after the JSON value');
    return undefined;
  } catch (error) {
    if (error instanceof ScanError) return { offset: error.offset, reason: error.message };
    throw error;
  }
}

class ScanError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

class Scanner {
  pos = 0;

  constructor(readonly text: string) {}

  fail(reason: string, offset = this.pos): never {
    throw new ScanError(reason, offset);
  }

  found(): string {
    return this.pos < this.text.length ? ` (found ${JSON.stringify(this.text[this.pos])})` : ' (found the end)';
  }

  skipSpace(): void {
    while (this.pos < this.text.length && ' \t\n\r'.includes(this.text[this.pos])) this.pos++;
  }

  value(): void {
    const char = this.text[this.pos];
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    for (const literal of ['true', 'false', 'null']) {
      if (this.text.startsWith(literal, this.pos)) {
        this.pos += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = this.pos;
    const number = NUMBER.exec(this.text);
    if (number && number[0] !== '' && number[0] !== '-') {
      this.pos += number[0].length;
      return;
    }
    this.fail(`expected a value${this.found()}`);
  }

  object(): void {
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail(`expected a double-quoted property name${this.found()}`);
      this.string();
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail(`expected ':' after the property name${this.found()}`);
      this.pos++;
      this.skipSpace();
      this.value();
      this.skipSpace();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return;
      }
      if (this.text[this.pos] !== ',') this.fail(`expected ',' or '}'${this.found()}`);
      this.pos++;
    }
  }

  array(): void {
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.skipSpace();
      this.value();
      this.skipSpace();
      if (this.text[this.pos] === ']') {
        this.pos++;
        return;
      }
      if (this.text[this.pos] !== ',') this.fail(`expected ',' or ']'${this.found()}`);
      this.pos++;
    }
  }

  string(): void {
    const start = this.pos;
    this.pos++;
    while (this.pos < this.text.length) {
      const code = this.text.charCodeAt(this.pos);
      if (code === 0x22) {
        this.pos++;
        return;
      }
      if (code === 0x5c) {
        ESCAPE.lastIndex = this.pos;
        const escape = ESCAPE.exec(this.text);
        if (!escape) this.fail('invalid escape sequence in a string');
        this.pos += escape[0].length;
        continue;
      }
      if (code < 0x20) this.fail('unescaped control character (such as a line break) in a string');
      this.pos++;
    }
    this.fail('unterminated string', start);
  }
}
