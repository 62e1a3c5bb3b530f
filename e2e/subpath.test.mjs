// The site built for another sub-path (as GitHub Pages serves a repository
// under its own name): assets, the opponent's worker, the service worker's
// scope and the manifest all resolve under it.
// Run: BASE_URL=http://127.0.0.1:8097/some-name/ node --test e2e/subpath.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

const url = process.env.BASE_URL ?? 'http://127.0.0.1:8097/en-garde-copy/';
const base = new URL(url);

test(`everything works under ${base.pathname}`, async () => {
  const browser = await chromium.launch(launchOptions);
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`); });
  await page.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
  await page.goto(url);
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction(() => ['turn', 'defend'].includes(document.querySelector('main')?.dataset.moment), null, { timeout: 30000 });
    const before = await page.getByRole('status').textContent();
    await page.getByRole('button', { name: /^(Advance|Retreat|Attack|Lunge|Parry|Choose)\b/ }).first().click();
    await page.waitForFunction((b) => document.querySelector('[role=status]')?.textContent !== b, before);
  }
  await page.waitForFunction(() => document.querySelector('main')?.dataset.moment !== 'wait', null, { timeout: 30000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(scope, base.href);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel=manifest]');
    const m = await (await fetch(link.href)).json();
    const icons = await Promise.all(m.icons.map(async (i) => (await fetch(new URL(i.src, link.href))).status));
    return { start: new URL(m.start_url, link.href).href, icons };
  });
  assert.equal(manifest.start, base.href);
  assert.ok(manifest.icons.every((s) => s === 200), `icons: ${manifest.icons}`);
  await browser.close();
  assert.deepEqual(problems, []);
});
