import { chromium } from 'playwright-core';
import fs from 'node:fs';
const src = fs.readFileSync('theme/head/favicon.ts', 'utf8');
const svg = [...src.matchAll(/'(<[^']*)'/g)].map((m) => m[1]).join('').replace('\\n', '');
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 200, height: 140 } });
await p.setContent(`<body style="margin:0;background:#ddd;display:flex;gap:8px;align-items:center"><img width=128 src="data:image/svg+xml,${encodeURIComponent(svg)}"><img width=16 src="data:image/svg+xml,${encodeURIComponent(svg)}"><img width=32 src="data:image/svg+xml,${encodeURIComponent(svg)}"></body>`);
await p.screenshot({ path: '/tmp/fav18/shot.png' });
await b.close();
