// Meridian's service worker (issue 32): Web Push notifications and the installable app's offline shell.
// Hand-written and served as is from public/ (the Worker serves the built SPA); kept tiny on purpose.
const SHELL = 'meridian-shell-v1';
const SHELL_FILES = ['/offline.html', '/icons/icon-192.png', '/favicon.svg'];

/**
 * The offline page, as a fresh response: the host may have answered /offline.html with a redirect
 * (pretty URLs), and a navigation refuses a response that was redirected.
 */
function offlinePage() {
  return caches
    .match('/offline.html')
    .then((hit) =>
      hit
        ? hit.blob().then((body) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }))
        : new Response('<h1>You are offline</h1>', { status: 503, headers: { 'content-type': 'text/html' } }),
    );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Pages come from the network (the app is live data); offline, the page that says so.
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Built files have hashed names: once cached they never change, so the app shell loads from here.
    event.respondWith(
      caches.open(SHELL).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((response) => {
              if (response.ok) void cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Meridian';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/', kind: data.kind ?? null },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w && w.url !== target ? w.navigate(target) : w));
      return self.clients.openWindow(target);
    }),
  );
});
