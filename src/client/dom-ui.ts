// The few pieces of UI the runtime draws without React: the navigation progress bar, the spinner and "Page Error"
// box of a widget that is loading or failed to load, and a live region that announces page changes.
// The CSP forbids style attributes in markup, so everything is styled through the CSSOM (element.style), which
// the CSP allows. Class names are stable so the theme can restyle them.

type Style = Partial<CSSStyleDeclaration>;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, style: Style = {}): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.className = className;
  Object.assign(el.style, style);
  return el;
}

const PRIMARY = 'var(--pd-c-primary, #4338ca)';

/** A bar at the top of the viewport; `start()` shows it, `done()` completes and removes it. */
export interface ProgressBar {
  start(): void;
  done(): void;
}

export function createProgressBar(): ProgressBar {
  let bar: HTMLDivElement | undefined;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let width = 0;
  const set = (value: number) => {
    width = value;
    if (bar) bar.style.transform = `scaleX(${value / 100})`;
  };
  return {
    start() {
      if (!bar) {
        bar = element('div', 'pd-progress', {
          position: 'fixed',
          top: '0',
          left: '0',
          right: '0',
          height: '3px',
          zIndex: '2147483647',
          background: PRIMARY,
          transformOrigin: '0 0',
          transform: 'scaleX(0)',
          transition: 'transform 200ms ease-out, opacity 200ms linear',
          pointerEvents: 'none',
        });
        bar.id = 'pd-progress';
        bar.setAttribute('role', 'progressbar');
        bar.setAttribute('aria-label', 'Loading page');
      }
      bar.style.opacity = '1';
      // Outside <body>, so it survives the body swap.
      document.documentElement.appendChild(bar);
      set(8);
      // Force a style flush so the first width animates.
      void bar.offsetWidth;
      set(30);
      clearInterval(trickle);
      trickle = setInterval(() => set(width + (90 - width) * 0.1), 250);
    },
    done() {
      clearInterval(trickle);
      trickle = undefined;
      const current = bar;
      if (!current || !current.isConnected) return;
      set(100);
      current.style.opacity = '0';
      setTimeout(() => {
        if (trickle === undefined) current.remove();
      }, 250);
    },
  };
}

/** A small rotating ring, animated with the Web Animations API (no stylesheet needed). */
export function createSpinner(label = 'Loading'): HTMLSpanElement {
  const spinner = element('span', 'pd-spinner', {
    display: 'inline-block',
    boxSizing: 'border-box',
    width: '1em',
    height: '1em',
    margin: '0 0.25em',
    verticalAlign: 'middle',
    border: '2px solid currentColor',
    borderRightColor: 'transparent',
    borderRadius: '50%',
    opacity: '0.7',
  });
  spinner.setAttribute('role', 'status');
  spinner.setAttribute('aria-label', label);
  spinner.animate?.([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], { duration: 700, iterations: Infinity });
  return spinner;
}

export interface PageErrorBox {
  el: HTMLDivElement;
  /** Shows a spinner instead of the Retry button while `loading`. */
  setLoading(loading: boolean): void;
  setMessage(message: string): void;
}

/** The box shown in place of a widget whose script failed to load: "Page Error", the reason and a Retry button. */
export function createPageErrorBox(message: string, onRetry: () => void): PageErrorBox {
  const box = element('div', 'pd-page-error', {
    display: 'inline-flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0.25em 0.5em',
    margin: '0.25em',
    padding: '0.25em 0.5em',
    border: '1px solid var(--pd-adm-danger-border, #dc2626)',
    borderRadius: '6px',
    background: 'var(--pd-adm-danger-bg, #fef1f1)',
    color: 'var(--pd-c-text, #1a1d23)',
    fontSize: '0.8rem',
    lineHeight: '1.4',
    maxWidth: '100%',
  });
  box.setAttribute('role', 'alert');
  const title = element('strong', 'pd-page-error__title', { color: 'var(--pd-adm-danger-title, #991b1b)' });
  title.textContent = 'Page Error';
  const text = element('span', 'pd-page-error__message');
  const retry = element('button', 'pd-page-error__retry', {
    font: 'inherit',
    padding: '0 0.5em',
    border: '1px solid currentColor',
    borderRadius: '4px',
    background: 'transparent',
    color: 'inherit',
    cursor: 'pointer',
  });
  retry.type = 'button';
  retry.textContent = 'Retry';
  retry.addEventListener('click', onRetry);
  const spinner = createSpinner('Retrying');
  box.append(title, text, retry);
  const api: PageErrorBox = {
    el: box,
    setLoading(loading) {
      box.setAttribute('aria-busy', String(loading));
      if (loading) {
        const focused = document.activeElement === retry;
        retry.replaceWith(spinner);
        if (focused) box.focus();
      } else if (spinner.isConnected) {
        spinner.replaceWith(retry);
      }
    },
    setMessage(value) {
      text.textContent = value;
    },
  };
  api.setMessage(message);
  box.tabIndex = -1;
  return api;
}

/** A visually hidden live region that tells screen readers the page changed. It lives outside <body>. */
export function announce(text: string): void {
  let region = document.getElementById('pd-announcer');
  if (!region) {
    region = element('div', 'pd-announcer', {
      position: 'absolute',
      width: '1px',
      height: '1px',
      margin: '-1px',
      padding: '0',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
      border: '0',
    });
    region.id = 'pd-announcer';
    region.setAttribute('aria-live', 'assertive');
    region.setAttribute('aria-atomic', 'true');
    document.documentElement.appendChild(region);
  }
  region.textContent = text;
}
