//go:build !(js && wasm)

package main

// serviceWorker is the app worker template. It differs from go-app's default
// in four ways: it waits for the cache to fill before installing (so the
// second visit really works offline), it caches app.wasm before the rest (so
// the first visit's download of app.wasm has the phone's bandwidth to
// itself), it answers every page navigation with the cached app shell (the
// routes share one page; the app routes in the browser), and it ignores
// query strings (/new?game=king) when matching. It does not claim the page
// that installed it: go-app's page script reads a worker that activates
// while a controller exists as an update, so claiming on the first visit
// would show the update banner at once. The next load is controlled, online
// or not.
const serviceWorker = `// cardtable app worker
const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    // app.wasm first: on a first visit the page is downloading it, and the
    // browser hands the worker that same download. Only then the rest (the
    // catalogues of the other languages, the pages), which would otherwise
    // share the phone's bandwidth with app.wasm and hold the game back.
    const wasm = resourcesToCache.filter((u) => u.endsWith(".wasm"));
    await cache.addAll(wasm);
    await cache.addAll(resourcesToCache.filter((u) => !wasm.includes(u)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    await Promise.all(keys.filter((k) => k !== cacheName).map((k) => caches.delete(k)));
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") {
    return;
  }
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/signal/")) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(cacheName);
    let hit = await cache.match(req, { ignoreSearch: true });
    if (!hit && req.mode === "navigate") {
      hit = await cache.match("/");
    }
    if (hit) {
      return hit;
    }
    return fetch(req);
  })());
});
`
