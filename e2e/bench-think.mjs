// The opponent's search in the page against the same search natively, on the
// fixed positions of bench/positions.json (decisions from real matches, made by
// `engarde think-bench --make`). A benchmark, not a test: it reports.
//
// Usage: node e2e/bench-think.mjs URL ENGARDE [OUT.json]
//   URL      the built site, served (e.g. http://127.0.0.1:8091/engarde/)
//   ENGARDE  the native binary (target/release/engarde)
// Every level runs with its full time caps and with the caps divided by 3 (a
// device three times slower), in the page's own worker (worker.js, spoken to
// in yew-agent's messages, as the page does) and natively, one decision at a
// time, the same seed per position on both sides. scripts/bench-browser runs it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

const [url, engarde, out = 'docs/think-bench.json'] = process.argv.slice(2);
if (!url || !engarde) {
  console.error('usage: node e2e/bench-think.mjs URL ENGARDE [OUT.json]');
  process.exit(2);
}
const positions = JSON.parse(readFileSync('bench/positions.json', 'utf8')).positions;
const SLOWER = [1, 3];
// Runs before and after the browser's, so both see the machine alike.
const native = (slower) =>
  JSON.parse(execFileSync(engarde, ['think-bench', '--slower', String(slower)], { encoding: 'utf8', maxBuffer: 1 << 26 }));

const browser = await chromium.launch(launchOptions);
const page = await browser.newPage();
await page.goto(url);
/** Every position through the page's worker: [{ level, iterations, millis, trip }]. */
async function inPage(slower) {
  return page.evaluate(async ({ positions, slower }) => {
    const base = new URL('.', location.href).href;
    const shim = `importScripts("${base}worker.js");wasm_bindgen("${base}worker_bg.wasm");`;
    const worker = new Worker(URL.createObjectURL(new Blob([shim], { type: 'application/javascript' })));
    // The page's channel (src/ui/think/channel.rs): the worker says
    // "ready", then answers `ID {"M":[ACTION,ITERATIONS,MICROS]}` to
    // "ID JSON" (src/ui/think/wire.rs).
    let waiting = null;
    worker.onmessage = (e) => waiting?.(e.data);
    const next = () => new Promise((resolve) => { waiting = resolve; });
    await next();
    const ask = async (p, seed) => {
      const request = { Move: { observation: p.observation, past: p.past, level: p.level, seed, slower } };
      worker.postMessage(`1 ${JSON.stringify(request)}`);
      const text = await next();
      const move = JSON.parse(text.slice(text.indexOf(' ') + 1)).M;
      if (!move) throw new Error(`not a move: ${text}`);
      const [, iterations, micros] = move;
      return { Move: { iterations, millis: micros / 1000 } };
    };
    // Warm up first, not measured: the browser compiles WebAssembly quickly
    // at first and optimises the hot functions while they run, so the first
    // decisions of a fresh worker (easy's, a millisecond each) would
    // otherwise be timed in unoptimised code. Natively there is no such step.
    const levels = [...new Set(positions.map((p) => p.level))];
    for (const level of levels) {
      for (const p of positions.filter((q) => q.level === level).slice(0, 5)) await ask(p, 0);
    }
    const rows = [];
    for (const [i, p] of positions.entries()) {
      const started = performance.now();
      const reply = await ask(p, i);
      rows.push({ level: p.level, iterations: reply.Move.iterations, millis: reply.Move.millis, trip: performance.now() - started });
    }
    worker.terminate();
    return rows;
  }, { positions, slower });
}

const budgets = native(1).map((r) => r.budget);
const runs = [];
for (const slower of SLOWER) {
  const before = native(slower);
  const page_ = await inPage(slower);
  const after = native(slower);
  runs.push({ slower, native: [before, after], page: page_ });
}
const version = browser.version();
await browser.close();

const median = (xs) => quantile(xs, 0.5);
function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.ceil(at)] - s[lo]) * (at - lo);
}
/** One level's figures from a run's rows. */
function summary(rows, level) {
  const mine = rows.map((r, i) => ({ ...r, budget: budgets[i] })).filter((r) => r.level === level);
  const iterations = mine.reduce((a, r) => a + r.iterations, 0);
  const millis = mine.reduce((a, r) => a + r.millis, 0);
  const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    positions: mine.length,
    iterations_per_second: Math.round((iterations / millis) * 1000),
    iterations_per_decision: Math.round(iterations / mine.length),
    budget: mine[0]?.budget ?? null,
    think_ms: { median: round(median(mine.map((r) => r.millis))), p95: round(quantile(mine.map((r) => r.millis), 0.95)) },
    trip_ms: mine[0]?.trip === undefined ? undefined : { median: round(median(mine.map((r) => r.trip))), p95: round(quantile(mine.map((r) => r.trip), 0.95)) },
    // Cut: the time cap stopped the search before its budget. Unsearched:
    // decided without a search (a sure win, or an exact solution).
    cut: mine.filter((r) => r.iterations > 0 && r.iterations < r.budget).length,
    unsearched: mine.filter((r) => r.iterations === 0).length,
  };
}
const levels = [...new Set(positions.map((p) => p.level))];
const report = {
  date: new Date().toISOString().slice(0, 10),
  machine: `${os.arch()}, ${os.cpus().length} cores`,
  browser: `Chromium ${version}`,
  positions: positions.length,
  runs: runs.map(({ slower, native: [a, b], page: p }) => ({
    slower,
    levels: levels.map((level) => {
      // The native figure: the better of its two runs (the machine is shared).
      const [na, nb] = [summary(a, level), summary(b, level)];
      const n = na.iterations_per_second >= nb.iterations_per_second ? na : nb;
      const w = summary(p, level);
      return { level, native: n, page: w, ratio: Math.round((n.iterations_per_second / w.iterations_per_second) * 100) / 100 };
    }),
  })),
};
writeFileSync(out, JSON.stringify(report, null, 1) + '\n');
for (const run of report.runs) {
  console.log(`caps / ${run.slower}`);
  for (const l of run.levels) {
    console.log(`  ${l.level.padEnd(7)} native ${l.native.iterations_per_second} it/s, p95 ${l.native.think_ms.p95} ms, cut ${l.native.cut}` +
      ` | page ${l.page.iterations_per_second} it/s, median ${l.page.think_ms.median} p95 ${l.page.think_ms.p95} ms, cut ${l.page.cut}` +
      ` | native/page ${l.ratio}`);
  }
}
