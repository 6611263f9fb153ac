/**
 * `_headers` (Netlify, Cloudflare Pages): the response headers a static host should send, so that the site's
 * Content-Security-Policy (with the hash of its one inline script) is a real header, not only the page's meta tag, and
 * hashed assets are cached for good. Other hosts: the README's deploy section shows the same for nginx.
 */
export function hostHeaders(csp: string, baseUrl: string): string {
  return [
    `${baseUrl}*`,
    `  Content-Security-Policy: ${csp}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
    `${baseUrl}assets/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}
