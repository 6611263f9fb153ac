import type { Diagnostic } from '../errors/index.ts';
import type { OutgoingLink, RenderOptions } from './types.ts';

/** What one renderMarkdown call shares between its node handlers; created per call, never at module level. */
export interface RenderContext {
  readonly file: string;
  readonly options: RenderOptions;
  readonly mdxImports: Readonly<Record<string, string>>;
  readonly diagnostics: Diagnostic[];
  readonly links: OutgoingLink[];
}
