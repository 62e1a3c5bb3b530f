// Prints the first load of the built site, gzipped: every wasm, JS and CSS
// file (the page loads all of them at start). Fails above the 250 KB budget.
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'dist';
const BUDGET = 250 * 1024;
let total = 0;
const rows = [];
for (const name of (await readdir(dir)).sort()) {
  if (!/\.(wasm|js|css)$/.test(name)) continue;
  const size = gzipSync(await readFile(join(dir, name)), { level: 9 }).length;
  total += size;
  rows.push(`${(size / 1024).toFixed(1).padStart(7)} KB  ${name}`);
}
console.log(rows.join('\n'));
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  first load, gzipped (budget ${BUDGET / 1024} KB)`);
if (total > BUDGET) process.exit(1);
