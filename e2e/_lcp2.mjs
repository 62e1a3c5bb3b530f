import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { launchOptions } from './browser.mjs';
const chrome = await launch({ chromePath: launchOptions.executablePath, chromeFlags: ['--headless=new', ...launchOptions.args] });
for (let i = 0; i < Number(process.argv[3] ?? 3); i++) {
const r = await lighthouse(process.argv[2], { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
const a = r.lhr.audits;
console.log('score', r.lhr.categories.performance.score, 'TBT', a['total-blocking-time'].numericValue, 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector, JSON.stringify(a['long-tasks']?.details?.items?.map(t=>[t.url.split('/').pop(), Math.round(t.startTime), Math.round(t.duration)])));
}
await chrome.kill();
