import type { ElementContent } from 'hast';
import type { Code } from 'mdast';
import type { Handler } from 'mdast-util-to-hast';
import { escapeHtml } from '../shared/index.ts';
import { applyMagicComments, splitHighlightedLines } from './code-lines.ts';
import { parseCodeMeta, parseLineMeta, type LineMeta } from './code-meta.ts';
import { problem } from '../errors/index.ts';
import type { Point } from './node-position.ts';
import { element, raw, text } from './hast-build.ts';
import { enabledLanguage, highlightCode } from './highlight.ts';
import { checkJsonExample } from './json-example.ts';
import type { RenderContext } from './render-context.ts';

/**
 * Fenced code → `div.code-block`: an optional `div.code-title`, the fence's language as a label, and a `pre > code`
 * highlighted at build time, so pages ship no highlighting script. Languages the site has not enabled stay plain,
 * escaped text. Lines marked by `{1,3-4}` or magic comments, and `showLineNumbers`, wrap each line in a
 * `span.code-line`; the client runtime adds the copy button.
 */
export function codeHandler(context: RenderContext): Handler {
  return (state, node: Code) => {
    const meta = parseCodeMeta(node.meta);
    const lang = node.lang?.toLowerCase();
    if (meta.schema !== undefined && lang === 'json') {
      context.diagnostics.push(...checkJsonExample(node, meta.schema, context.file, context.options.validateExample));
    }
    const fence: Point = { line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
    const lines = lineOptions(node, fence, context);
    const magic = applyMagicComments(node.value);
    for (const found of magic.problems) {
      const at = { line: fence.line + 1 + found.lineIndex, column: fence.column + found.column - 1 };
      context.diagnostics.push(problem('PD3042', { reason: found.reason, hint: found.hint }, { file: context.file, ...at }));
    }
    const source = magic.problems.length > 0 ? node.value : magic.code;
    const lineCount = source.split('\n').length;
    const highlighted = new Set([...lines.highlighted, ...(magic.problems.length > 0 ? [] : magic.highlighted)]);
    const outside = lines.highlighted.filter((line) => line > lineCount);
    if (outside.length > 0) {
      context.diagnostics.push(problem('PD3041', { lines: outside, lineCount }, { file: context.file, ...fence }));
    }

    const language = lang ? enabledLanguage(lang, context.options.highlightLanguages) : undefined;
    const html = language ? highlightCode(source, language) : escapeHtml(source);
    const body = highlighted.size > 0 || lines.firstLineNumber !== undefined ? wrapLines(html, highlighted, lines.firstLineNumber) : html;
    const code = element('code', language ? { className: ['hljs', `language-${language}`] } : lang ? { className: [`language-${lang}`] } : {}, [
      language || body !== html ? raw(body) : text(source),
    ]);
    // Focusable, so keyboard users can scroll a long line sideways (WCAG: scrollable regions).
    const pre = element('pre', { tabIndex: 0 }, [code]);
    const children: ElementContent[] = [];
    if (meta.title) children.push(element('div', { className: ['code-title'] }, [text(meta.title)]));
    if (lang && lang !== 'text' && lang !== 'txt' && lang !== 'plaintext') {
      children.push(element('div', { className: ['code-block__tools'] }, [element('span', { className: ['code-block__lang'] }, [text(lang)])]));
    }
    children.push(pre);
    const block = element('div', { className: ['code-block'] }, children);
    state.patch(node, block);
    return block;
  };
}

/** The fence's `{…}` and `showLineNumbers`; a malformed range is reported (PD3040) and ignored. */
function lineOptions(node: Code, fence: Point, context: RenderContext): LineMeta {
  const parsed = parseLineMeta(node.meta);
  if (parsed.ok) return parsed.meta;
  context.diagnostics.push(problem('PD3040', { reason: parsed.reason, hint: parsed.hint }, { file: context.file, ...fence }));
  return { highlighted: [] };
}

/** One `span.code-line` per line (each ends with its newline, so the text copies as written). */
function wrapLines(html: string, highlighted: ReadonlySet<number>, firstLineNumber: number | undefined): string {
  const lines = splitHighlightedLines(html);
  return lines
    .map((line, index) => {
      const number = index + 1;
      const className = highlighted.has(number) ? 'code-line code-line--highlighted' : 'code-line';
      const numbered = firstLineNumber === undefined ? '' : ` data-line="${firstLineNumber + index}"`;
      return `<span class="${className}"${numbered}>${line}${index < lines.length - 1 ? '\n' : ''}</span>`;
    })
    .join('');
}
