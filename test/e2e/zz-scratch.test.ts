import { it, expect } from 'vitest';
import { setupE2E, waitHydrated } from './helpers.ts';
const e2e = setupE2E();
it('detects a mismatch', async () => {
  const { page, logs } = await e2e.open('/docs/intro/', { server: 'dev', init: `document.addEventListener('DOMContentLoaded', () => { const b = document.querySelector('.announcement-bar__content'); b.textContent = 'changed text'; document.querySelector('.color-mode-toggle').setAttribute('title', 'xx'); })` });
  await waitHydrated(page);
  await page.waitForTimeout(200);
  console.log(logs.errors.map(e => e.slice(0, 300)));
  console.log(logs.warnings.map(e => e.slice(0, 300)));
});
