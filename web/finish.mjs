// Trunk post-build hook (Trunk.toml): finishes the site in Trunk's staging
// directory.
// 1. A Content-Security-Policy <meta>: scripts only from the page's origin,
//    plus the hash of Trunk's one inline loader; wasm via 'wasm-unsafe-eval'.
// 2. sw.js: a service worker that precaches every file of this build, in a
//    cache named after a hash of all their contents, so a new deploy replaces
//    the old cache whole (see web/sw-template.js).
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? 'dist';
const sha256 = (data, enc = 'base64') => createHash('sha256').update(data).digest(enc);

const indexPath = join(dir, 'index.html');
let html = await readFile(indexPath, 'utf8');
const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${sha256(m[1])}'`);
const csp = [
  "default-src 'self'",
  `script-src 'self' ${inline.join(' ')} 'wasm-unsafe-eval'`,
  "worker-src 'self' blob:",
  "style-src 'self'",
  // Yew writes the fencers' squares as style attributes (--square: N).
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
html = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/, '');
html = html.replace('<meta charset="utf-8">', `<meta charset="utf-8">\n    <meta http-equiv="Content-Security-Policy" content="${csp}">`);
await writeFile(indexPath, html);

async function files(d) {
  const out = [];
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) out.push(...await files(p));
    else out.push(p);
  }
  return out;
}
const all = (await files(dir)).map((p) => relative(dir, p).split('\\').join('/')).filter((f) => f !== 'sw.js').sort();
const version = createHash('sha256');
for (const f of all) version.update(f).update(await readFile(join(dir, f)));
const template = await readFile(new URL('./sw-template.js', import.meta.url), 'utf8');
const sw = template
  .replace('__VERSION__', version.digest('hex').slice(0, 16))
  .replace('__FILES__', JSON.stringify(['./', ...all.map((f) => `./${f}`)], null, 2));
await writeFile(join(dir, 'sw.js'), sw);
console.log(`finish.mjs: CSP with ${inline.length} inline script hash(es); sw.js precaches ${all.length + 1} files`);
