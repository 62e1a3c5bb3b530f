// A small static server for the built site (dist/) under /engarde/, as on
// GitHub Pages: for the end-to-end tests and Lighthouse. No dependencies.
// Usage: node e2e/serve.mjs [port] [dir]   (dir may be a symlink, re-read on each request)
// With SERVE_LOG=1 it writes "served <path>" for each file it sends whole (not
// a 304): e2e/size.mjs counts what went over the network.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

const port = Number(process.argv[2] ?? 8099);
const root = resolve(process.argv[3] ?? 'dist');

const base = process.env.BASE_PATH ?? '/engarde/';
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.ico': 'image/x-icon', '.txt': 'text/plain',
};

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/engarde') { res.writeHead(301, { location: base }).end(); return; }
  if (!url.pathname.startsWith(base)) { res.writeHead(404).end('not found'); return; }
  let rel = decodeURIComponent(url.pathname.slice(base.length)) || 'index.html';
  const file = normalize(join(root, rel));
  if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
  try {
    const info = await stat(file);
    const path = info.isDirectory() ? join(file, 'index.html') : file;
    let body = await readFile(path);
    // An ETag, as GitHub Pages sends: a request that names it gets 304.
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    const headers = {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      etag,
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    // Compressed like GitHub Pages does.
    if (/\.(html|js|css|wasm|json|webmanifest|svg)$/.test(path) && /gzip/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    res.writeHead(200, headers);
    res.end(body);
    if (process.env.SERVE_LOG) console.log(`served ${rel}`);
  } catch {
    res.writeHead(404).end('not found');
  }
}).listen(port, '127.0.0.1', () => console.log(`serving ${root} at http://127.0.0.1:${port}${base}`));
