// The service worker: written into the build by web/finish.mjs, which fills
// in VERSION (a hash of every file of the build) and FILES. It precaches the
// whole build in one cache per version and answers from it, so the game loads
// and plays offline; a new build installs a new cache whole and deletes the
// old ones (web/register-sw.js reloads the page onto it: versions never mix).
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `engarde-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })));
    await self.skipWaiting();
  })());
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
