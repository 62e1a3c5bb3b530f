import { chromium } from 'playwright-core';
import { launchOptions } from '/work/main/e2e/browser.mjs';
const browser = await chromium.launch(launchOptions);
for (let run = 0; run < 2; run++) {
const ctx = await browser.newContext({ serviceWorkers: 'block' });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: '-*,devtools.timeline,v8,v8.wasm,disabled-by-default-v8.compile,disabled-by-default-v8.wasm.detailed,disabled-by-default-v8.wasm.turbofan,blink,toplevel', transferMode: 'ReportEvents' });
await page.goto(process.argv[2]);
await page.waitForTimeout(3000);
await cdp.send('Tracing.end'); await done;
const names = events.filter((e) => e.name === 'thread_name');
const t0 = Math.min(...events.filter(e=>e.ts>0).map(e=>e.ts));
const big = events.filter((e) => e.ph === 'X' && e.dur > 20000 && (e.name === 'ThreadControllerImpl::RunTask'));
for (const t of big) {
  const tn = names.find((n) => n.pid === t.pid && n.tid === t.tid)?.args.name;
  if (tn !== 'CrRendererMain') continue;
  const inside = events.filter((e) => e.ph === 'X' && e.pid === t.pid && e.tid === t.tid && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
  if (!inside.some(e => e.name === 'FunctionCall' || e.name === 'TimerFire')) continue;
  console.log('TASK at', ((t.ts - t0)/1000).toFixed(0), (t.dur / 1000).toFixed(1), 'ms');
  const sum = new Map();
  for (const e of inside) sum.set(e.name, (sum.get(e.name) ?? [0, 0]).map((v, i) => v + (i ? 1 : e.dur / 1000)));
  console.log([...sum].sort((a, b) => b[1][0] - a[1][0]).slice(0, 22).map(([k, [d, n]]) => `  ${d.toFixed(1)}ms x${n} ${k}`).join('\n'));
}
// wasm compile events anywhere
const wc = events.filter(e => /wasm/i.test(e.name) && e.ph === 'X');
const s2 = new Map(); for (const e of wc) { const tn = names.find((n) => n.pid === e.pid && n.tid === e.tid)?.args.name; const k = e.name + ' @' + tn; s2.set(k, (s2.get(k) ?? 0) + e.dur/1000); }
console.log('WASM', [...s2].map(([k,v]) => `${v.toFixed(1)} ${k}`).join('\n  '));
await ctx.close();
}
await browser.close();
