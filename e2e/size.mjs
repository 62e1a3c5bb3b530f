// Prints the first load of the built site, gzipped, in each language: what
// the page fetches before its first screen works. That is every wasm, JS and
// CSS file but the opponent's worker (worker.js, worker_bg.wasm: started only
// when the computer first thinks, after the first screen) and the page's
// extras (extras.js, extras_bg.wasm: lessons, guide, history, review, fetched
// when one is first opened); e2e/app.test.mjs checks that neither is fetched
// before. Plus, for a language other than
// English, its texts (lang/<code>.json; the other languages come only when
// chosen). The worker and the sum of every file are printed too. Fails when
// a language's first load is above the 250 KB budget.
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'dist';
const BUDGET = 250 * 1024;
const gz = async (path) => gzipSync(await readFile(path), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1).padStart(7)} KB`;
const later = /^(worker|extras)(_bg)?\.(js|wasm)$/;
let shared = 0;
let worker = 0;
const rows = [];
for (const name of (await readdir(dir)).sort()) {
  if (!/\.(wasm|js|css)$/.test(name)) continue;
  const size = await gz(join(dir, name));
  if (later.test(name)) worker += size;
  else shared += size;
  rows.push(`${kb(size)}  ${name}${later.test(name) ? '  (after the first screen)' : ''}`);
}
// The extras' stylesheets (styles/extras/, fetched with the extras).
for (const name of (await readdir(join(dir, 'extras')).catch(() => [])).sort()) {
  const size = await gz(join(dir, 'extras', name));
  worker += size;
  rows.push(`${kb(size)}  extras/${name}  (after the first screen)`);
}
console.log(rows.join('\n'));
let worst = shared;
const langs = { en: 0 };
for (const name of (await readdir(join(dir, 'lang')).catch(() => [])).sort()) {
  // lang/<code>.extra.json (the extras' texts) comes with the extras.
  if (name.endsWith('.extra.json')) continue;
  if (name.endsWith('.json')) langs[name.replace('.json', '')] = await gz(join(dir, 'lang', name));
}
for (const [code, extra] of Object.entries(langs)) {
  worst = Math.max(worst, shared + extra);
  const note = extra ? ` (+ lang/${code}.json ${(extra / 1024).toFixed(1)} KB)` : '';
  console.log(`${kb(shared + extra)}  first load in ${code}, gzipped${note}`);
}
console.log(`${kb(worker)}  the opponent's worker and the page's extras, fetched on first use`);
console.log(`${kb(shared + worker)}  every wasm, JS and CSS file, English`);
console.log(`budget ${BUDGET / 1024} KB for the first load in every language`);
if (worst > BUDGET) process.exit(1);
