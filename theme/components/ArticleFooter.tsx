import type { TagLink } from '../../src/shared/types.ts';
import { TagList } from './Blog.tsx';
import { EditIcon } from './Icons.tsx';

/** Tags and "Edit this page" under a doc or a post; nothing when there is neither. */
export function ArticleFooter({ tags, editUrl }: { tags: TagLink[]; editUrl?: string }) {
  if (tags.length === 0 && !editUrl) return null;
  return (
    <footer className="doc-article__footer">
      <TagList tags={tags} />
      {editUrl && (
        <a className="edit-link" href={editUrl} target="_blank" rel="noopener noreferrer">
          <EditIcon /> Edit this page
        </a>
      )}
    </footer>
  );
}
