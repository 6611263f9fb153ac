import type { PageModuleRouteData } from '../../src/shared/types.ts';
import { Main } from '../components/Main.tsx';

/** A React page module, already rendered to HTML at build time; it brings its own h1 and layout. */
export function PageModule({ route }: { route: PageModuleRouteData }) {
  return (
    <Main className="page-module">
      <div className="page-module__body" dangerouslySetInnerHTML={{ __html: route.html }} />
    </Main>
  );
}
