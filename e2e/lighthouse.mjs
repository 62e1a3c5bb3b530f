// Lighthouse audit of the built site served locally, in Debian's Chromium.
// Prints performance, accessibility and best-practices scores for the mobile
// (Lighthouse's default, simulated slow 4G and CPU) and desktop presets, five
// runs each (the median counts, as Lighthouse advises for its variance); fails
// if a median is below 95.
// Usage: node e2e/lighthouse.mjs URL
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { launchOptions } from './browser.mjs';

const url = process.argv[2] ?? 'http://127.0.0.1:8099/engarde/';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const categories = ['performance', 'accessibility', 'best-practices'];
const chrome = await launch({
  chromePath: launchOptions.executablePath,
  chromeFlags: ['--headless=new', ...launchOptions.args],
});
let failed = false;
try {
  for (const preset of ['mobile', 'desktop']) {
    const scores = Object.fromEntries(categories.map((c) => [c, []]));
    const failing = new Set();
    for (let run = 0; run < RUNS; run++) {
      const config = preset === 'desktop'
        ? (await import('lighthouse/core/config/desktop-config.js')).default
        : undefined;
      const result = await lighthouse(url, { port: chrome.port, onlyCategories: categories, output: 'json', logLevel: 'error' }, config);
      for (const c of categories) {
        scores[c].push(Math.round(result.lhr.categories[c].score * 100));
        for (const ref of result.lhr.categories[c].auditRefs) {
          const a = result.lhr.audits[ref.id];
          if (ref.weight > 0 && a.score !== null && a.score < 0.9) failing.add(`${c}: ${a.id} (${a.displayValue ?? a.score})`);
        }
      }
    }
    for (const c of categories) {
      const sorted = [...scores[c]].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      console.log(`lighthouse ${preset} ${c}: ${median} (runs: ${scores[c].join(', ')})`);
      if (median < 95) failed = true;
    }
    if (failing.size) console.log(`  audits below 0.9: ${[...failing].join('; ')}`);
  }
} finally {
  await chrome.kill();
}
if (failed) {
  console.error('lighthouse: a median score is below 95');
  process.exit(1);
}
