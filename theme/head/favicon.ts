// protodocs' own tab icon, for a site that configures none and has no favicon.svg or favicon.ico of its own: without
// an icon link a browser asks for /favicon.ico, and the 404 it gets is a console error on every page. A solid tile,
// so it reads on light and dark tab strips alike; the page and its lines say "documentation".
export const DEFAULT_FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="14" fill="#4338ca"/>' +
  '<path d="M19 11h18l11 11v31H19z" fill="#fff"/>' +
  '<path d="M37 11v11h11z" fill="#c7d2fe"/>' +
  '<path d="M25 32h17M25 39h17M25 46h11" stroke="#4338ca" stroke-width="3.5" stroke-linecap="round"/>' +
  '</svg>\n';
