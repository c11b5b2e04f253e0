/* global document, location, window -- a classic script the browser runs before the app */
// A returning user with a chosen role (the role cookies are readable; the token is HttpOnly) opening a
// page that shows the live fleet: the tracking snapshot is asked for now, while the app's code is still
// loading, and the app takes the response when it wants it (src/lib/live/tracking-query.ts). Nothing
// is parsed here: that would only delay the app's start. Any failure leaves it to the app's own request.
// A classic script cannot import: the cookie names are COOKIE.roleUnit/roleUser (@pantau/contracts) and
// the pages are main.tsx's FLEET_PAGES; keep them in step.
(function () {
  var cookies = document.cookie;
  if (!/(?:^|; )role_unit=/.test(cookies) || !/(?:^|; )role_user=/.test(cookies)) return;
  if (['/', '/_app', '/map', '/vehicle-summary'].indexOf(location.pathname) < 0) return;
  window.__pantauSnapshot = fetch('/api/tracking', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }).catch(function () {
    return null;
  });
})();
