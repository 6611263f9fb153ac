/** `title="server.js" schema=receipt {1,3}` → { title: 'server.js', schema: 'receipt' }; bare words are ignored. */
export function parseCodeMeta(meta: string | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!meta) return result;
  const pattern = /([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;
  for (const match of meta.matchAll(pattern)) result[match[1]] = match[2] ?? match[3] ?? match[4] ?? '';
  return result;
}
