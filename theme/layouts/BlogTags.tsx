import type { BlogTagsRouteData, TagLink } from '../../src/shared/types.ts';
import { Main } from '../components/Main.tsx';

function initial(tag: TagLink): string {
  const first = tag.label.trim().charAt(0).toUpperCase();
  return /[A-Z0-9]/.test(first) ? first : '#';
}

/** All blog tags, grouped by initial letter, each with its number of posts. */
export function BlogTags({ route }: { route: BlogTagsRouteData }) {
  const sorted = [...route.tags].sort((a, b) => a.label.localeCompare(b.label, 'en'));
  const groups = new Map<string, TagLink[]>();
  for (const tag of sorted) {
    const key = initial(tag);
    const list = groups.get(key);
    if (list) list.push(tag);
    else groups.set(key, [tag]);
  }
  return (
    <Main className="page-main">
      <div className="container container--narrow">
        <header className="page-header">
          <h1>{route.title}</h1>
        </header>
        <div className="tag-index">
          {[...groups].map(([letter, tags]) => (
            <section className="tag-index__group" key={letter}>
              <h2 className="tag-index__letter">{letter}</h2>
              <ul className="tags__list">
                {tags.map((tag) => (
                  <li key={tag.href}>
                    <a className="tag" href={tag.href} title={tag.description}>
                      {tag.label}
                      {tag.count !== undefined && <span className="tag__count">{tag.count}</span>}
                    </a>
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
