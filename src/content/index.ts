export { scanContent, type MarkdownRead, type SourceMemo } from './scan.ts';
export { restoredRead, savedRead, type SavedRead } from './saved-read.ts';
export { walkFiles } from '../files/index.ts';
export { splitFrontmatter, parseFrontmatter } from './frontmatter.ts';
export type * from './types.ts';
export type { DocFrontmatter, BlogFrontmatter, PageFrontmatter, InlineAuthor, FrontmatterMemo } from './frontmatter.ts';
export { FRONTMATTER_SCHEMAS } from './frontmatter.ts';
export { positionOf, type PositionIndex, type SourcePosition } from './yaml-positions.ts';
