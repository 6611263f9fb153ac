// The mobile breakpoint (SPEC §9: 996 px). CSS cannot read variables in media queries, so the only
// `@media (max-width: 996px)` block lives in theme/styles/mobile.css; islands use these constants for matchMedia.

/** Widths up to and including this are the mobile layout. */
export const MOBILE_MAX_WIDTH = 996;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
export const DESKTOP_MEDIA_QUERY = `(min-width: ${MOBILE_MAX_WIDTH + 1}px)`;
