// A ~6 KB docs page shaped like the PERFORMANCE.md corpus: headings, paragraphs, a list, a table, two fenced code
// blocks, inline code, relative links and one :::note. `withTable`/`withUrls` switch the parts the syntax scan
// looks for, so the scan's effect can be measured.
export function samplePage(index: number, options: { withTable: boolean; withUrls: boolean }): string {
  const paragraph = (n: number) =>
    `The receipt format records **what was indexed**, by whom and for which \`purpose\`. Each entry in the index ` +
    `refers to a [receipt](../protocol/receipts.md#fields) and an [attestation](./attestations.md). Crawlers read ` +
    `the index file and compare digests before fetching the resources again; page ${index} paragraph ${n}.`;
  const table = options.withTable
    ? '| Field | Type | Description |\n|---|---|---|\n| `id` | string | Unique identifier |\n' +
      '| `purpose` | enum | One of search, training, archive |\n| `issued` | date | When it was issued |'
    : '- `id`: unique identifier\n- `purpose`: one of search, training, archive\n- `issued`: when it was issued';
  const fetchLine = options.withUrls ? 'curl -s https://example.com/index.json -o index.json' : 'curl -s "$INDEX_URL" -o index.json';
  const appendix = (name: string) =>
    `## Appendix ${name}\n\nThe appendix repeats the key points. Receipts are issued per crawl, attestations per ` +
    `index, and the index file lists both with their digests so a crawler can verify before it fetches.\n\n` +
    `1. Fetch the index.\n2. Verify each attestation.\n3. Fetch what changed.\n\n` +
    `See the [protocol overview](../protocol/overview.md) and [FAQ](./faq.md#digests).\n`;
  return [
    `# Page ${index}`,
    paragraph(1),
    '## Overview',
    paragraph(2),
    paragraph(3),
    '- first item with `code`\n- second item with a [link](./other.md)\n- third item, *emphasis* and more text',
    '### Fields',
    table,
    paragraph(4),
    `:::note\nReceipts are signed. ${paragraph(5)}\n:::`,
    '## Example',
    '```javascript title="server.js"\nimport { createServer } from \'node:net\';\nconst server = createServer((socket) => {\n' +
      "  socket.end(JSON.stringify({ ok: true }));\n});\nserver.listen(8080);\n```",
    paragraph(6),
    '```bash\n' + fetchLine + '\nnpm install --save protodocs\n```',
    '## Details',
    paragraph(7),
    paragraph(8),
    '### More',
    paragraph(9),
    paragraph(10),
    appendix('one'),
    appendix('two'),
    appendix('three'),
    appendix('four'),
    paragraph(11),
    paragraph(12),
  ].join('\n\n');
}
