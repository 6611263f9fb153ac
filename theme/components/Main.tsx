import type { ReactNode } from 'react';
import { cls } from './cls.ts';

/** The page's one <main>, target of the skip link. tabIndex -1 lets the skip link move focus into it. */
export function Main({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={cls('main', className)}>
      {children}
    </main>
  );
}
