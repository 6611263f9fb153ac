// "On this page" follows the reader: the entry of the section being read is marked (class and aria-current) as the
// page scrolls. Only colour and a border already in place change, so marking never moves anything.

import { NAVIGATED_EVENT } from './events.ts';

const ACTIVE_CLASS = 'toc__link--active';

/** The section being read: the last heading above the reading line, or the last one in view at the page's end. */
export function currentSection(tops: readonly number[], readingLine: number, viewportHeight: number, atBottom: boolean): number {
  let current = -1;
  for (let i = 0; i < tops.length; i++) {
    if (tops[i] <= readingLine || (atBottom && tops[i] < viewportHeight)) current = i;
  }
  return current;
}

export function startTocSpy(): void {
  let frame = 0;
  let marked: string | undefined;

  const update = () => {
    frame = 0;
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a.toc__link[href^="#"]')];
    if (links.length === 0) return;
    const ids = [...new Set(links.map((link) => decodeURIComponent(link.hash.slice(1))))];
    const headings = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    const navbar = document.getElementById('pd-navbar')?.getBoundingClientRect();
    // A heading that reached the upper third of the viewport (and passed the navbar) is being read: a jump from the
    // table of contents leaves its heading just below the navbar, whether the navbar then hides or not.
    const readingLine = Math.max((navbar && navbar.bottom > 0 ? navbar.bottom : 0) + 24, window.innerHeight * 0.3);
    const root = document.documentElement;
    const atBottom = window.innerHeight + window.scrollY >= root.scrollHeight - 2;
    const index = currentSection(
      headings.map((h) => h.getBoundingClientRect().top),
      readingLine,
      window.innerHeight,
      atBottom,
    );
    const id = index >= 0 ? headings[index].id : undefined;
    if (id === marked) return;
    marked = id;
    for (const link of links) {
      const active = id !== undefined && decodeURIComponent(link.hash.slice(1)) === id;
      link.classList.toggle(ACTIVE_CLASS, active);
      if (active) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule, { passive: true });
  window.addEventListener(NAVIGATED_EVENT, () => {
    marked = undefined;
    schedule();
  });
  schedule();
}
