// The browser side of live reload, served at /__protodocs/reload.js in serve mode only. It is kept as plain
// source text rather than a src/client module because it never ships with a site: bundling it would add a build
// step to every serve start, and esbuild's output is not needed for ~100 lines of dependency-free ES2020.
// Everything it shows comes from the build (file names, messages, source lines): it is written with textContent
// only, and styled through element.style, which a page CSP without 'unsafe-inline' styles still allows.
export const RELOAD_CLIENT_SOURCE = String.raw`// protodocs serve: live reload and build error overlay
const OVERLAY_ID = '__protodocs-overlay';
let knownBuild = null;

function decodePath(p) {
  try { return decodeURIComponent(p); } catch { return p; }
}

function removeOverlay() {
  const old = document.getElementById(OVERLAY_ID);
  if (old) old.remove();
}

function el(tag, text, style) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (style) Object.assign(node.style, style);
  return node;
}

function showOverlay(problems) {
  removeOverlay();
  const root = el('div', null, {
    position: 'fixed', inset: '0', zIndex: '2147483647', overflow: 'auto', padding: '2rem',
    background: 'rgba(16, 16, 22, 0.97)', color: '#f5f5f5', font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  });
  root.id = OVERLAY_ID;
  root.setAttribute('role', 'alertdialog');
  root.setAttribute('aria-label', 'Build failed');
  const panel = el('div', null, { maxWidth: '960px', margin: '0 auto' });
  const head = el('div', null, { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '1rem' });
  const count = problems.length;
  head.append(el('h2', 'Build failed: ' + count + (count === 1 ? ' problem' : ' problems'), { color: '#ff6b6b', font: 'inherit', fontSize: '18px', fontWeight: '700', margin: '0 0 1rem' }));
  const close = el('button', 'Close (Esc)', { font: 'inherit', color: 'inherit', background: 'transparent', border: '1px solid #777', borderRadius: '4px', padding: '0.2rem 0.6rem', cursor: 'pointer' });
  close.type = 'button';
  close.addEventListener('click', removeOverlay);
  head.append(close);
  panel.append(head);
  panel.append(el('p', 'The last good build is still being served. Fix the file and this page reloads.', { margin: '0 0 1.5rem', color: '#bbb' }));
  for (const p of problems) {
    const item = el('section', null, { margin: '0 0 1.5rem', paddingTop: '1rem', borderTop: '1px solid #444' });
    const where = p.file ? p.file + ':' + (p.line || 1) + ':' + (p.column || 1) : 'protodocs';
    item.append(el('div', where, { color: '#8ab4f8', fontWeight: '700' }));
    item.append(el('div', p.code + ' ' + p.message, { whiteSpace: 'pre-wrap', margin: '0.25rem 0' }));
    if (p.hint) item.append(el('div', 'hint: ' + p.hint, { color: '#c7c7c7', whiteSpace: 'pre-wrap' }));
    if (p.frame) item.append(el('pre', p.frame, { background: '#000', color: '#eee', padding: '0.75rem 1rem', margin: '0.5rem 0 0', overflow: 'auto', borderRadius: '4px', font: 'inherit' }));
    panel.append(item);
  }
  root.append(panel);
  (document.body || document.documentElement).append(root);
  close.focus();
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') removeOverlay();
});

function parse(event) {
  try { return JSON.parse(event.data); } catch { return null; }
}

const source = new EventSource('/__protodocs/events');
source.addEventListener('hello', (event) => {
  const data = parse(event);
  if (!data) return;
  // A tab that was disconnected during a rebuild missed its reload event.
  if (knownBuild !== null && data.build !== knownBuild) location.reload();
  knownBuild = data.build;
});
source.addEventListener('reload', (event) => {
  const data = parse(event);
  if (!data) return;
  knownBuild = data.build;
  removeOverlay();
  const here = decodePath(location.pathname);
  if (!data.changed || data.changed.some((p) => decodePath(p) === here)) location.reload();
});
source.addEventListener('ok', (event) => {
  const data = parse(event);
  if (data) knownBuild = data.build;
  removeOverlay();
});
// EventSource also fires a plain "error" Event when the connection drops; only ours carries data.
source.addEventListener('error', (event) => {
  if (typeof event.data !== 'string') return;
  const data = parse(event);
  if (data && Array.isArray(data.problems)) showOverlay(data.problems);
});
`;
