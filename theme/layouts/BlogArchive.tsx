import type { BlogArchiveRouteData } from '../../src/shared/types.ts';
import { Main } from '../components/Main.tsx';

/** Every post, newest first, grouped by year. */
export function BlogArchive({ route }: { route: BlogArchiveRouteData }) {
  return (
    <Main className="page-main">
      <div className="container container--narrow">
        <header className="page-header">
          <h1>{route.title}</h1>
          {route.description && <p className="page-header__intro">{route.description}</p>}
        </header>
        <div className="archive">
          {route.years.map((year) => (
            <section className="archive__year" key={year.year} aria-labelledby={`archive-${year.year}`}>
              <h2 id={`archive-${year.year}`} className="archive__year-title">
                {year.year}
              </h2>
              <ul className="archive__list">
                {year.posts.map((post) => (
                  <li key={post.href} className="archive__item">
                    <time dateTime={post.date}>{post.formattedDate}</time>
                    <a href={post.href}>{post.title}</a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </Main>
  );
}
