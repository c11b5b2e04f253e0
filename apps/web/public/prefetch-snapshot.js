/* global document, location, window, Worker -- a classic script the browser runs before the app */
// A returning user with a chosen role (the role cookies are readable; the token is HttpOnly) opening a
// page that shows the live fleet: the tracking snapshot is asked for now, while the app's code is still
// loading, and the app takes the response when it wants it (src/lib/live/tracking-query.ts). Nothing
// is parsed here: that would only delay the app's start. Any failure leaves it to the app's own request.
// On a page with a map, maplibre's worker is started too (its thread and its 0.5 MB compile, while the
// app's code downloads); the app's maplibre takes it (prewarmMap in src/map/map-view.tsx).
// `async`, not `defer`: a deferred script waits for every style sheet (antd's is ~1 MB). When the app's
// code is cached it may run first: it then says so (`__pantauBooted`) and asks for itself.
// A classic script cannot import: the cookie names are COOKIE.roleUnit/roleUser (@pantau/contracts) and
// the pages are main.tsx's FLEET_PAGES; keep them in step.
(function () {
  if (window.__pantauBooted) return;
  var cookies = document.cookie;
  if (!/(?:^|; )role_unit=/.test(cookies) || !/(?:^|; )role_user=/.test(cookies)) return;
  var path = location.pathname;
  if (['/', '/_app', '/map', '/vehicle-summary'].indexOf(path) < 0) return;
  window.__pantauSnapshot = fetch('/api/tracking', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    priority: 'high',
  }).catch(function () {
    return null;
  });
  var worker = document.querySelector('meta[name="pantau-map-worker"]');
  if (worker && ['/', '/_app', '/map'].indexOf(path) >= 0) {
    var url = worker.getAttribute('content');
    window.__pantauMapWorker = { url: url, worker: new Worker(url, { type: 'module' }) };
  }
})();
