import type { BlogAuthorsRouteData } from '../../src/shared/types.ts';
import { AuthorCard, postCountLabel } from '../components/Blog.tsx';
import { Main } from '../components/Main.tsx';

/** Every blog author with their number of posts and a link to all their articles. */
export function BlogAuthors({ route }: { route: BlogAuthorsRouteData }) {
  return (
    <Main className="page-main">
      <div className="container container--narrow">
        <header className="page-header">
          <h1>{route.title}</h1>
        </header>
        <ul className="author-grid">
          {route.authors.map((author) => (
            <li className="author-grid__item card" key={author.key}>
              <AuthorCard author={author} large />
              <p className="author-grid__links">
                <span className="badge">{postCountLabel(author.count)}</span>
                <a href={author.allPostsHref}>View all articles by {author.name}</a>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </Main>
  );
}
