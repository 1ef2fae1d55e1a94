// Tessera's service worker: the page offline, and cross-origin isolation on hosts that cannot send headers.
// - Offline: on install it caches every file of the build (listed in sw-assets.json, written by the build with a
//   version); files are served from that cache first, the page itself from the network first (so a new build is
//   seen), any of them from the cache when the network is gone. Other same-origin files (tablebases fetched on
//   demand) are cached as they are fetched.
// - Isolation: every response it gives carries COOP/COEP (and CORP), so that the browser grants SharedArrayBuffer
//   and the engine runs several threads with a shared hash even where the host sends no such headers. The page
//   reloads once when this worker first takes control (web/isolation.ts).
const ASSETS = 'tessera-assets';
const RUNTIME = 'tessera-runtime';

function isolated(response) {
  if (!response || response.status === 0 || response.type === 'opaque') return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const list = await fetch('./sw-assets.json', { cache: 'no-store' }).then((r) => r.json());
      const cache = await caches.open(`${ASSETS}-${list.version}`);
      await cache.addAll(['./', ...list.files.map((f) => `./${f}`)]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Only the newest build's cache is kept.
      const keys = await caches.keys();
      const newest = keys.filter((k) => k.startsWith(`${ASSETS}-`)).at(-1);
      await Promise.all(keys.filter((k) => k.startsWith(`${ASSETS}-`) && k !== newest).map((k) => caches.delete(k)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(
    (async () => {
      if (request.mode === 'navigate') {
        try {
          return isolated(await fetch(request));
        } catch {
          return isolated(await caches.match('./', { ignoreSearch: true }));
        }
      }
      const hit = await caches.match(request, { ignoreSearch: true });
      if (hit) return isolated(hit);
      const response = await fetch(request);
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(RUNTIME).then((c) => c.put(request, copy)));
      }
      return isolated(response);
    })(),
  );
});
