import path from 'node:path';

/**
 * The path of a file below `dir`, where `rel` is already normal (relative, forward slashes, no `.` or `..` segments,
 * as walks and routes give them) and `dir` is absolute (resolved): on POSIX the two are joined as they are. At 10,000
 * pages an edit joined 40,000 such paths, and path.join's normalising of each was 60 ms and 30 MB of garbage.
 */
export function fileBelow(dir: string, rel: string): string {
  if (path.sep !== '/') return path.join(dir, rel);
  return dir.endsWith('/') ? dir + rel : `${dir}/${rel}`;
}
