import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const order = [...readFileSync('theme/styles/index.css','utf8').matchAll(/@import '\.\/([^']+)'/g)].map(m=>m[1]);
const min = Object.fromEntries(order.map(f=>[f, transformSync(readFileSync('theme/styles/'+f,'utf8'),{loader:'css',minify:true,target:['chrome111','firefox114','safari16']}).code]));
const size = (files)=>gzipSync(files.map(f=>min[f]).join(''),{level:9}).length;
const total=size(order); console.log('total',total);
for (const f of order) console.log(String(total-size(order.filter(x=>x!==f))).padStart(5), f);
