import type { Author, BlogPostSummary, BlogSidebarData, TagLink } from '../../src/shared/types.ts';
import { isExternalUrl } from '../../src/shared/url.ts';
import { cls } from './cls.ts';
import { TagIcon } from './Icons.tsx';
import { Link } from './Link.tsx';
import { Markup } from './Markup.tsx';
import { BLOG_SIDEBAR_LABEL } from './Sidebar.tsx';

/** "N min read"; at least one minute. */
export function readingTimeLabel(minutes: number): string {
  return `${Math.max(1, Math.ceil(minutes))} min read`;
}

/** "1 post" / "N posts". */
export function postCountLabel(count: number): string {
  return count === 1 ? '1 post' : `${count} posts`;
}

/** Recent posts grouped by year. */
export function BlogSidebar({ sidebar }: { sidebar: BlogSidebarData }) {
  if (sidebar.years.length === 0) return null;
  return (
    <aside className="blog-sidebar">
      <nav aria-label={BLOG_SIDEBAR_LABEL} className="blog-sidebar__nav">
        <h2 className="blog-sidebar__title">{sidebar.title}</h2>
        {sidebar.years.map((year) => (
          <section className="blog-sidebar__year" key={year.year}>
            <h3 className="blog-sidebar__year-title">{year.year}</h3>
            <ul className="blog-sidebar__list">
              {year.posts.map((post) => (
                <li key={post.href}>
                  <a
                    className={cls('blog-sidebar__link', post.active && 'blog-sidebar__link--active')}
                    href={post.href}
                    aria-current={post.active ? 'page' : undefined}
                  >
                    {post.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </aside>
  );
}

/** Date and reading time. */
export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="post-meta">
      <time dateTime={post.date}>{post.formattedDate}</time>
      <span aria-hidden="true"> · </span>
      <span className="post-meta__reading-time">{readingTimeLabel(post.readingTime)}</span>
    </p>
  );
}

function authorHref(author: Author): { href: string; external: boolean } | undefined {
  if (author.page) return { href: author.page, external: false };
  if (author.url) return { href: author.url, external: isExternalUrl(author.url) };
  return undefined;
}

/** An author: avatar, name (linked to the author page or their site) and title. */
export function AuthorCard({ author, large = false }: { author: Author; large?: boolean }) {
  const link = authorHref(author);
  const name = <span className="author__name-text">{author.name}</span>;
  return (
    <div className={cls('author', large && 'author--large')}>
      {author.imageUrl && (
        <img
          className="author__avatar"
          src={author.imageUrl}
          alt={author.name}
          width={large ? 72 : 40}
          height={large ? 72 : 40}
          loading="lazy"
        />
      )}
      <div className="author__info">
        <span className="author__name">
          {link ? (
            <Link href={link.href} external={link.external}>
              {name}
            </Link>
          ) : (
            name
          )}
        </span>
        {author.title && <span className="author__title">{author.title}</span>}
      </div>
    </div>
  );
}

export function AuthorList({ authors }: { authors: Author[] }) {
  if (authors.length === 0) return null;
  return (
    <div className="post-authors">
      {authors.map((author) => (
        <AuthorCard key={author.key} author={author} />
      ))}
    </div>
  );
}

/** Tag chips; with `count`, the number of posts per tag. */
export function TagList({ tags, label = 'Tags:', showCount = false }: { tags: TagLink[]; label?: string; showCount?: boolean }) {
  if (tags.length === 0) return null;
  return (
    <div className="tags">
      <span className="tags__label">
        <TagIcon /> {label}
      </span>
      <ul className="tags__list">
        {tags.map((tag) => (
          <li key={tag.href}>
            <a className="tag" href={tag.href} title={tag.description}>
              {tag.label}
              {showCount && tag.count !== undefined && <span className="tag__count">{tag.count}</span>}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A post in a blog list: title, meta, authors, excerpt, "Read more". */
export function PostSummary({ post }: { post: BlogPostSummary }) {
  return (
    <article className="post-summary">
      <header className="post-summary__header">
        <h2 className="post-summary__title">
          <a href={post.href}>{post.title}</a>
        </h2>
        <PostMeta post={post} />
        <AuthorList authors={post.authors} />
      </header>
      <Markup html={post.excerptHtml} className="post-summary__excerpt" />
      {(post.tags.length > 0 || post.truncated) && (
        <footer className="post-summary__footer">
          <TagList tags={post.tags} />
          {post.truncated && (
            <a className="read-more" href={post.href} aria-label={`Read more about ${post.title}`}>
              Read more
            </a>
          )}
        </footer>
      )}
    </article>
  );
}
