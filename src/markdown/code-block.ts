import type { ElementContent } from 'hast';
import type { Code } from 'mdast';
import type { Handler } from 'mdast-util-to-hast';
import { parseCodeMeta } from './code-meta.ts';
import { element, raw, text } from './hast-build.ts';
import { enabledLanguage, highlightCode } from './highlight.ts';
import { checkJsonExample } from './json-example.ts';
import type { RenderContext } from './render-context.ts';

/**
 * Fenced code → `div.code-block` with an optional `div.code-title` and a `pre > code` highlighted at build time,
 * so pages ship no highlighting script. Languages the site has not enabled stay plain, escaped text.
 */
export function codeHandler(context: RenderContext): Handler {
  return (state, node: Code) => {
    const meta = parseCodeMeta(node.meta);
    const lang = node.lang?.toLowerCase();
    if (meta.schema !== undefined && lang === 'json') {
      context.diagnostics.push(...checkJsonExample(node, meta.schema, context.file, context.options.validateExample));
    }

    const language = lang ? enabledLanguage(lang, context.options.highlightLanguages) : undefined;
    const code = language
      ? element('code', { className: ['hljs', `language-${language}`] }, [raw(highlightCode(node.value, language))])
      : element('code', lang ? { className: [`language-${lang}`] } : {}, [text(node.value)]);
    // Focusable, so keyboard users can scroll a long line sideways (WCAG: scrollable regions).
    const pre = element('pre', { tabIndex: 0 }, [code]);
    const children: ElementContent[] = [];
    if (meta.title) children.push(element('div', { className: ['code-title'] }, [text(meta.title)]));
    children.push(pre);
    const block = element('div', { className: ['code-block'] }, children);
    state.patch(node, block);
    return block;
  };
}
