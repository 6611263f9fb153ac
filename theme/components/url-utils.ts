import { withBase } from '../../src/shared/url.ts';

function strip(href: string): string {
  const noHash = href.split('#')[0].split('?')[0];
  return noHash.endsWith('/') ? noHash : noHash + '/';
}

/** Whether `href` points at the page `url` (compared with and without the base URL, ignoring hash and query). */
export function isSameUrl(href: string, url: string, baseUrl: string): boolean {
  if (!href) return false;
  const target = strip(href);
  return target === strip(url) || target === strip(withBase(baseUrl, url));
}

/** A readable name for a source-hosting URL ("GitHub", "GitLab", …). */
export function repoHostName(url: string): string {
  const host = (/^[a-z]+:\/\/([^/]+)/i.exec(url)?.[1] ?? '').toLowerCase();
  if (host.endsWith('github.com')) return 'GitHub';
  if (host.endsWith('gitlab.com')) return 'GitLab';
  if (host.endsWith('bitbucket.org')) return 'Bitbucket';
  if (host.endsWith('codeberg.org')) return 'Codeberg';
  return 'Source code';
}
