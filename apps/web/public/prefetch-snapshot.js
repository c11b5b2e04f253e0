/* global document, location, window -- a classic script the browser runs before the app */
// Every page of the app: the user's language's texts of the first view (src/locales/texts.ts).
// A returning user with a chosen role (the role cookies are readable; the token is HttpOnly) opening a
// page that shows the live fleet: the tracking snapshot is asked for now, while the app's code is still
// loading, and the app takes the response when it wants it (src/lib/live/tracking-query.ts). Nothing
// is parsed here: that would only delay the app's start. Any failure leaves it to the app's own request.
// The server has the browser preload the same request with the page (its `Link` header), ahead of the
// app's files; this request, like the app's own, takes that preload (same URL, credentials and mode).
// On a page with a map, maplibre's worker script is fetched too, into the HTTP cache, so that the worker
// the boot starts (src/features/map/boot) does not wait for its download.
// `async`, not `defer`: a deferred script waits for every style sheet. When the app's code is cached it
// may run first: it then says so (`__pantauBooted`) and asks for itself.
// A classic script cannot import: the cookie names are COOKIE.roleUnit/roleUser (@pantau/contracts) and
// the pages and the URL are FLEET_PAGES and TRACKING_SNAPSHOT_URL (@pantau/contracts); keep them in step.
(function () {
  if (window.__pantauBooted) return;
  var path = location.pathname;
  // The texts of the first view in the user's language (LANGUAGE_STORAGE_KEY, src/lib/i18n.ts), which
  // the boot waits for; on the dashboard (its own chunk) the other pages' texts too.
  var texts = document.querySelector('meta[name="pantau-texts"]');
  if (texts) {
    var language = 'en';
    try {
      if (window.localStorage.getItem('language') === 'id') language = 'id';
    } catch {
      // storage refused: English, as the app decides
    }
    var textFiles = texts.getAttribute('data-' + language) || '';
    if (path === '/' || path === '/_app') textFiles += ' ' + texts.getAttribute('data-' + language + '-rest');
    textFiles.split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  var cookies = document.cookie;
  if (!/(?:^|; )role_unit=/.test(cookies) || !/(?:^|; )role_user=/.test(cookies)) return;
  if (['/', '/_app', '/map', '/vehicle-summary'].indexOf(path) < 0) return;
  window.__pantauSnapshot = fetch('/api/tracking?live=1', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    priority: 'high',
  }).catch(function () {
    return null;
  });
  // A page in its own chunk that this visit opens on (the dashboard): its chunks and styles now, at low
  // priority as the app's own, instead of once the app's code has run.
  var page = document.querySelector('meta[name="pantau-page-files"]');
  if (page && (page.getAttribute('data-paths') || '').split(' ').indexOf(path) >= 0)
    (page.getAttribute('content') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      if (/\.css$/.test(href)) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
        link.setAttribute('fetchpriority', 'low');
      }
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  var worker = document.querySelector('meta[name="pantau-map-worker"]');
  if (worker && ['/', '/_app', '/map'].indexOf(path) >= 0)
    fetch(worker.getAttribute('content')).catch(function () {});
})();
