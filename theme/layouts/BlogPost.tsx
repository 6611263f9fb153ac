import type { BlogPostRouteData } from '../../src/shared/types.ts';
import { AuthorList, BlogSidebar, PostMeta } from '../components/Blog.tsx';
import { ArticleFooter } from '../components/ArticleFooter.tsx';
import { Main } from '../components/Main.tsx';
import { Markup } from '../components/Markup.tsx';
import { PrevNext } from '../components/Pagination.tsx';
import { TocCollapsible } from '../components/Toc.tsx';
import { TocAside } from '../components/MarkdownArticle.tsx';

/** A blog post: recent posts on the left, the post (title, date, reading time, authors, body, tags), prev/next. */
export function BlogPost({ route }: { route: BlogPostRouteData }) {
  const { post } = route;
  return (
    <div className="blog-page">
      <BlogSidebar sidebar={route.blogSidebar} />
      <Main className="blog-main">
        <div className="doc-layout">
          <div className="doc-content">
            <article className="blog-post">
              <header className="blog-post__header">
                <h1 className="blog-post__title">{post.title}</h1>
                <PostMeta post={post} />
                <AuthorList authors={post.authors} />
              </header>
              <TocCollapsible items={route.toc} />
              <Markup html={route.html} />
              <ArticleFooter tags={post.tags} editUrl={route.editUrl} />
            </article>
            <PrevNext
              prev={route.prev}
              next={route.next}
              label="Blog post page navigation"
              prevLabel="Newer post"
              nextLabel="Older post"
            />
          </div>
          <TocAside items={route.toc} />
        </div>
      </Main>
    </div>
  );
}
