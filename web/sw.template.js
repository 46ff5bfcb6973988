// The service worker: every file of the site from one versioned cache, so the
// game opens offline after one visit. build.py fills in the name and the lists.
const CACHE = "__CACHE_NAME__";
const FILES = __FILES__;
// Files few visitors need, kept the first time one is fetched.
const LATER = __LATER__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("senator-") && key !== CACHE)
          .map((key) => caches.delete(key)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const method = request.method;
  if ((method !== "GET" && method !== "HEAD") || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Every page of the site is the one page: the folder URL, index.html or a shared link.
    const navigate = request.mode === "navigate";
    const key = navigate ? new Request(self.registration.scope) : request;
    const hit = await cache.match(key, { ignoreSearch: navigate, ignoreMethod: true });
    if (hit) return hit;
    const response = await fetch(request);
    const path = new URL(request.url).pathname;
    if (method === "GET" && response.ok && LATER.some((file) => path.endsWith(`/${file}`))) {
      await cache.put(request, response.clone());
    }
    return response;
  })());
});
