import type { BlogListRouteData } from '../../src/shared/types.ts';
import { isExternalUrl, withBase } from '../../src/shared/url.ts';
import { BlogSidebar, PostSummary, postCountLabel } from '../components/Blog.tsx';
import { Link } from '../components/Link.tsx';
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
          {author ? (
            <header className="page-header author-header">
              {author.imageUrl && (
                <img className="author__avatar author-header__avatar" src={author.imageUrl} alt={author.name} width={96} height={96} />
              )}
              <div className="author-header__text">
                <h1>{route.heading}</h1>
                {author.title && <p className="page-header__intro">{author.title}</p>}
                {route.intro && <p className="page-header__intro">{route.intro}</p>}
                <p className="page-header__links">
                  <span className="badge">{postCountLabel(author.count)}</span>
                  {author.url && (
                    <Link href={author.url} external={isExternalUrl(author.url)}>
                      Website
                    </Link>
                  )}
                  {!isSameUrl(author.allPostsHref, route.url, site.baseUrl) && (
                    <a href={author.allPostsHref}>View all articles by {author.name}</a>
                  )}
                  <a href={withBase(site.baseUrl, '/blog/authors/')}>All authors</a>
                </p>
              </div>
            </header>
          ) : (
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
            </header>
          )}
          {route.posts.map((post) => (
            <PostSummary key={post.href} post={post} />
          ))}
          <ListPagination pagination={route.pagination} />
        </div>
      </Main>
    </div>
  );
}
