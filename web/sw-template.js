// The service worker: written into the build by web/finish.mjs, which fills
// in VERSION (a hash of every file of the build) and FILES. It precaches the
// whole build in one cache per version and answers from it, so the game loads
// and plays offline. A first install takes over at once; a new build installs
// a new cache whole and waits until a page asks it to take over (the person's
// "Reload", web/register-sw.js), then deletes the old caches.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `engarde-${VERSION}`;
const MATCH = /^\.\/(index\.html|app-.*|split-.*|split_reader-.*|chunk_.*|page-.*|worker.*|loading\.js|register-sw\.js|shell-texts\.js|manifest\.webmanifest|lang\/[a-z]+\.json)?$/;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Each file revalidated with the server (its ETag): what the page just
    // loaded is not sent again, and no file of another version comes in.
    const add = (files) => cache.addAll(files.map((f) => new Request(f, { cache: 'no-cache' })));
    // What a match against the computer needs first (the page, the
    // opponent's worker, the languages), then the features.
    const first = FILES.filter((f) => MATCH.test(f));
    await add(first);
    await add(FILES.filter((f) => !first.includes(f)));
    // A new version waits for a page to ask (below); a first one need not.
    if (!self.registration.active) await self.skipWaiting();
  })());
});

// The person's "Reload" (window.engardeApplyUpdate, web/register-sw.js).
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('engarde-') && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: true })
      ?? (request.mode === 'navigate' ? await cache.match('./') : undefined);
    return hit ?? fetch(request);
  })());
});
