// Renders the app icons (PNG) from web/icons/icon.svg in headless Chromium.
// Run after changing the SVG: node e2e/icons.mjs; the PNGs are committed.
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

const svg = await readFile(new URL('../web/icons/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch(launchOptions);
for (const [name, size, pad] of [['icon-192', 192, 0], ['icon-512', 512, 0], ['icon-maskable-512', 512, 0.1]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inner = size * (1 - 2 * pad);
  await page.setContent(`<body style="margin:0;background:${pad ? "#1f2430" : "transparent"};display:grid;place-items:center;height:${size}px">
    <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`);
  await page.screenshot({ path: new URL(`../web/icons/${name}.png`, import.meta.url).pathname, omitBackground: pad === 0 });
  await page.close();
}
await browser.close();
