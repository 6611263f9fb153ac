// Window events of the client runtime. Islands may import this module; it has no state and no side effects.

/** Fired on `window` after instant navigation swapped in a new page (and its islands were scheduled). */
export const NAVIGATED_EVENT = 'pd:navigated';
/** Dispatch on `window` to ask the runtime to navigate; it falls back to a full page load when it cannot. */
export const NAVIGATE_EVENT = 'pd:navigate';

export interface NavigatedDetail {
  /** The new location, absolute. */
  url: string;
}

export interface NavigateDetail {
  /** Absolute, or relative to the current page. */
  url: string;
}

/** Navigates like a click on an internal link (instant when the runtime runs, a normal page load otherwise). */
export function requestNavigation(url: string): void {
  const event = new CustomEvent<NavigateDetail>(NAVIGATE_EVENT, { detail: { url }, cancelable: true });
  // The runtime cancels the event when it takes over; without the runtime, load the page normally.
  if (window.dispatchEvent(event)) window.location.assign(url);
}
