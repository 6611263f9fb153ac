/**
 * `_headers` (Netlify, Cloudflare Pages): the response headers a static host should send, so that the site's
 * Content-Security-Policy (with the hash of its one inline script) is a real header, not only the page's meta tag,
 * hashed assets are cached for good, and the search index's entries and page details (stable names, new content with
 * each build) are revalidated on every use rather than cached on a guess. Other hosts: the README's deploy section shows the same for nginx.
 */
export function hostHeaders(csp: string, baseUrl: string): string {
  return [
    `${baseUrl}*`,
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `${baseUrl}assets/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    `${baseUrl}search-index/*`,
    '  Cache-Control: no-cache',
    '',
  ].join('\n');
}
