import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { LocaleLink, NavLink, VersionLink } from '../../src/shared/types.ts';
import { DESKTOP_MEDIA_QUERY } from '../components/breakpoint.ts';
import { cls } from '../components/cls.ts';
import { ArrowLeftIcon, CloseIcon, ExternalIcon, MenuIcon } from '../components/Icons.tsx';
import { Link } from '../components/Link.tsx';
import { LocaleAnchor } from '../components/LocaleAnchor.tsx';
import { VersionLinks } from '../components/VersionLinks.tsx';

export interface NavbarMenuProps {
  /** Navbar title and home link, repeated at the top of the open panel. */
  title: string;
  homeHref: string;
  logo?: { src: string; alt: string };
  /** Primary menu: the navbar links in order (sidebars, Blog, the source-hosting project, …). */
  items: NavLink[];
  versions: VersionLink[];
  locales: LocaleLink[];
  storageKeySuffix: string;
  /**
   * Secondary menu: the current docs sidebar (or the blog's recent posts). Only its title and label travel as props:
   * the menu shows the page's own sidebar, `<nav aria-label={label}>` in the page region, never a copy of its items.
   */
  secondary?: {
    /** Heading of the secondary menu, e.g. "Protocol". */
    title: string;
    /** aria-label of the page's sidebar <nav>, e.g. "Docs sidebar"; also how the island finds it. */
    label: string;
  };
}

const HIDDEN_CLASS = 'navbar--hidden';
/** Matches the slide-out transition of .navbar-sidebar (navbar.css): the sidebar copy leaves once the panel is gone. */
const CLOSE_TRANSITION_MS = 250;
const FOCUSABLE = 'a[href], button:not([disabled]), summary, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Whether Tab can reach the element: it has a box, and no closed <details> hides it (the content of a closed
 * <details> keeps its boxes in Chromium, but Tab skips it).
 */
function tabbable(el: HTMLElement): boolean {
  for (let details = el.closest('details'); details; details = details.parentElement?.closest('details') ?? null) {
    if (!details.open && !details.querySelector(':scope > summary')?.contains(el)) return false;
  }
  return el.getClientRects().length > 0;
}

/**
 * The mobile menu (≤ 996 px; hidden by CSS on wider screens) and the navbar's hide-on-scroll behaviour.
 *
 * Without JavaScript it is a <details>: the summary opens a panel with both menus. Once hydrated it becomes a button
 * with aria-expanded and a slide-out dialog: focus is trapped inside, Escape closes and returns focus, a backdrop click
 * closes, and it also closes on the `pd:navigated` window event and when the viewport grows past the breakpoint.
 */
export default function NavbarMenu(props: NavbarMenuProps) {
  const { secondary } = props;
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const [showSecondary, setShowSecondary] = useState(Boolean(secondary));
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const label = secondary?.label;
  const openRef = useRef(false);
  openRef.current = open;

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) toggleRef.current?.focus();
  }, []);

  // Switch from the no-JS <details> to the enhanced menu, keeping it open if the reader opened it already.
  useEffect(() => {
    if (detailsRef.current?.open) setOpen(true);
    setEnhanced(true);
  }, []);

  // Close after an instant navigation and when the layout becomes desktop.
  useEffect(() => {
    const onNavigated = () => {
      setOpen(false);
    };
    window.addEventListener('pd:navigated', onNavigated);
    let desktop: MediaQueryList | undefined;
    const onMedia = () => {
      if (desktop?.matches) setOpen(false);
    };
    try {
      desktop = window.matchMedia(DESKTOP_MEDIA_QUERY);
      desktop.addEventListener('change', onMedia);
    } catch {
      desktop = undefined;
    }
    return () => {
      window.removeEventListener('pd:navigated', onNavigated);
      desktop?.removeEventListener('change', onMedia);
    };
  }, []);

  // While open, the secondary menu holds a clone of the page's sidebar; it is dropped after the panel has slid out.
  useEffect(() => {
    const slot = slotRef.current;
    if (!slot || label === undefined) return;
    if (open) {
      if (slot.firstChild) return;
      const source = findPageSidebar(label, panelRef.current);
      if (source) slot.append(copyOfSidebar(source));
      // Nothing to show (no sidebar in the page region after all): stay on the primary menu.
      else setShowSecondary(false);
      return;
    }
    const timer = window.setTimeout(() => slot.replaceChildren(), CLOSE_TRANSITION_MS);
    return () => window.clearTimeout(timer);
  }, [open, label]);

  // While open: focus the panel, trap Tab, close on Escape, stop the page behind from scrolling.
  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const focusables = () => Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(tabbable);
    const focusFirst = () => focusables()[0]?.focus();
    // The panel becomes visible with the state change; focus on the next frame.
    const frame = window.requestAnimationFrame(focusFirst);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
        return;
      }
      if (event.key !== 'Tab') return;
      const list = focusables();
      if (list.length === 0) return;
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement;
      const inside = active instanceof Node && panel.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      body.style.overflow = previousOverflow;
    };
  }, [open, close]);

  // Hide the navbar when scrolling down, show it when scrolling up (or when focus enters it).
  useEffect(() => {
    const navbar = document.querySelector<HTMLElement>('.navbar');
    if (!navbar) return;
    let lastY = window.scrollY;
    let pending = false;
    const update = () => {
      pending = false;
      const y = Math.max(0, window.scrollY);
      const delta = y - lastY;
      if (openRef.current || y <= navbar.offsetHeight) {
        navbar.classList.remove(HIDDEN_CLASS);
        lastY = y;
        return;
      }
      if (Math.abs(delta) < 6) return;
      navbar.classList.toggle(HIDDEN_CLASS, delta > 0);
      lastY = y;
    };
    const onScroll = () => {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(update);
    };
    const onFocusIn = () => navbar.classList.remove(HIDDEN_CLASS);
    window.addEventListener('scroll', onScroll, { passive: true });
    navbar.addEventListener('focusin', onFocusIn);
    return () => {
      window.removeEventListener('scroll', onScroll);
      navbar.removeEventListener('focusin', onFocusIn);
      navbar.classList.remove(HIDDEN_CLASS);
    };
  }, []);

  if (!enhanced) {
    return (
      <details ref={detailsRef} className="navbar-menu navbar-menu--nojs">
        <summary className="navbar-menu__toggle" aria-label="Toggle navigation bar">
          <MenuIcon />
        </summary>
        <div className={cls('navbar-sidebar', 'navbar-sidebar--nojs', secondary && 'navbar-sidebar--nojs-secondary')}>
          {secondary ? (
            <>
              {/* Closed: the page's sidebar shows below (mobile.css); open: the primary menu, and the sidebar hides. */}
              <details className="navbar-sidebar__switch">
                <summary className="navbar-sidebar__back navbar-sidebar__switch-toggle">
                  <span className="navbar-sidebar__switch-back">
                    <ArrowLeftIcon /> Back to main menu
                  </span>
                  <span className="navbar-sidebar__switch-forward">
                    {secondary.title} menu <ArrowLeftIcon className="navbar-sidebar__forward-icon" />
                  </span>
                </summary>
                <PrimaryMenu {...props} />
              </details>
              <p className="menu__group-title navbar-sidebar__switch-title">{secondary.title}</p>
            </>
          ) : (
            <PrimaryMenu {...props} />
          )}
        </div>
      </details>
    );
  }

  return (
    <div className="navbar-menu">
      <button
        ref={toggleRef}
        type="button"
        className="navbar-menu__toggle"
        aria-label="Toggle navigation bar"
        aria-expanded={open}
        aria-controls="pd-navbar-sidebar"
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon />
      </button>
      <div className={cls('navbar-sidebar__backdrop', open && 'is-open')} aria-hidden="true" onClick={() => close(true)} />
      <div
        ref={panelRef}
        id="pd-navbar-sidebar"
        className={cls('navbar-sidebar', open && 'navbar-sidebar--open')}
        role="dialog"
        aria-modal="true"
        aria-label="Navigation menu"
        inert={!open}
      >
        <div className="navbar-sidebar__brand">
          <a className="navbar__brand" href={props.homeHref}>
            {props.logo && <img className="navbar__logo" src={props.logo.src} alt={props.logo.alt} width={32} height={32} />}
            <span className="navbar__title">{props.title}</span>
          </a>
          <button type="button" className="navbar__icon-button" aria-label="Close navigation bar" onClick={() => close(true)}>
            <CloseIcon />
          </button>
        </div>
        <div className="navbar-sidebar__items">
          {secondary && (
            // Always mounted while hydrated: the slot's children are the sidebar clone, outside React's tree.
            <div className="navbar-sidebar__menu navbar-sidebar__menu--secondary" hidden={!showSecondary}>
              <button type="button" className="navbar-sidebar__back" onClick={() => setShowSecondary(false)}>
                <ArrowLeftIcon /> Back to main menu
              </button>
              <p className="menu__group-title">{secondary.title}</p>
              <div ref={slotRef} className="navbar-sidebar__slot" />
            </div>
          )}
          {!(secondary && showSecondary) && (
            <>
              <PrimaryMenu {...props} />
              {secondary && (
                <button type="button" className="navbar-sidebar__back navbar-sidebar__forward" onClick={() => setShowSecondary(true)}>
                  {secondary.title} menu <ArrowLeftIcon className="navbar-sidebar__forward-icon" />
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** The page's own sidebar: the `<nav aria-label={label}>` outside the menu panel (the desktop sidebar). */
function findPageSidebar(label: string, panel: Element | null): HTMLElement | undefined {
  return Array.from(document.querySelectorAll<HTMLElement>('nav[aria-label]')).find(
    (nav) => nav.getAttribute('aria-label') === label && !panel?.contains(nav),
  );
}

/** A deep clone for the dialog, without ids (they stay unique on the page). */
function copyOfSidebar(source: HTMLElement): HTMLElement {
  const copy = source.cloneNode(true) as HTMLElement;
  copy.removeAttribute('id');
  for (const el of copy.querySelectorAll('[id]')) el.removeAttribute('id');
  copy.classList.add('navbar-sidebar__page-sidebar');
  return copy;
}

function PrimaryMenu({ items, versions, locales, storageKeySuffix }: NavbarMenuProps) {
  return (
    <div className="navbar-sidebar__menu menu">
      <ul className="menu__list">
        {items.map((item) => (
          <li className="menu__item" key={item.href + item.label}>
            <Link
              className={cls('menu__link', item.active && 'menu__link--active')}
              href={item.href}
              external={item.external}
            >
              {item.label}
              {item.external && <ExternalIcon className="menu__external" />}
            </Link>
          </li>
        ))}
      </ul>
      {versions.length > 0 && (
        <MenuGroup title="Versions">
          <VersionLinks versions={versions} storageKeySuffix={storageKeySuffix} itemClassName="menu__item" linkClassName="menu__link" />
        </MenuGroup>
      )}
      {locales.length > 1 && (
        <MenuGroup title="Languages">
          {locales.map((locale) => (
            <li className="menu__item" key={locale.code}>
              <LocaleAnchor locale={locale} className={cls('menu__link', locale.current && 'menu__link--active')} />
            </li>
          ))}
        </MenuGroup>
      )}
    </div>
  );
}

/** A titled list inside the mobile menu (versions, languages). */
function MenuGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="menu__group">
      <p className="menu__group-title">{title}</p>
      <ul className="menu__list">{children}</ul>
    </div>
  );
}
