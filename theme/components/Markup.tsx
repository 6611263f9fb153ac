import { cls } from './cls.ts';

/** Body HTML produced by the markdown stage (headings with "Direct link to …" anchors, code blocks, admonitions). */
export function Markup({ html, className }: { html: string; className?: string }) {
  return <div className={cls('markdown', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
