import type { BlogListRouteData } from '../../src/shared/types.ts';
import { withBase } from '../../src/shared/url.ts';
import { AuthorCard, BlogSidebar, PostSummary, postCountLabel } from '../components/Blog.tsx';
import { Main } from '../components/Main.tsx';
import { ListPagination } from '../components/Pagination.tsx';
import { isSameUrl } from '../components/url-utils.ts';

/** The blog index, a tag's posts and an author's posts: excerpts with "Read more", and page links. */
export function BlogList({ route }: { route: BlogListRouteData }) {
  const { site, author, tag } = route;
  return (
    <div className="blog-page">
      <BlogSidebar sidebar={route.blogSidebar} />
      <Main className="blog-main">
        <div className="blog-list">
          <header className="page-header">
            <h1>{route.heading}</h1>
            {route.intro && <p className="page-header__intro">{route.intro}</p>}
            {tag && (
              <p className="page-header__links">
                {tag.count !== undefined && <span className="badge">{postCountLabel(tag.count)}</span>}
                {tag.description && <span className="page-header__description">{tag.description}</span>}
                <a href={withBase(site.baseUrl, '/blog/tags/')}>View all tags</a>
              </p>
            )}
            {author && (
              <div className="author-header">
                <AuthorCard author={author} large />
                <p className="page-header__links">
                  <span className="badge">{postCountLabel(author.count)}</span>
                  {!isSameUrl(author.allPostsHref, route.url, site.baseUrl) && (
                    <a href={author.allPostsHref}>View all articles by {author.name}</a>
                  )}
                  <a href={withBase(site.baseUrl, '/blog/authors/')}>All authors</a>
                </p>
              </div>
            )}
          </header>
          {route.posts.map((post) => (
            <PostSummary key={post.href} post={post} />
          ))}
          <ListPagination pagination={route.pagination} />
        </div>
      </Main>
    </div>
  );
}
