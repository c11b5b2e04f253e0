import { COOKIE } from '@pantau/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startMapPageEarly } from '../features/map/start-map-early';
import { getCookie } from '../lib/cookies';
import '../lib/i18n';
import { trackingQueryOptions } from '../lib/live/tracking-query';
import { prewarmMap } from '../map/map-view';
import { createQueryClient, Providers } from './providers';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter();
const queryClient = createQueryClient();

/** Pages that show the live fleet from the tracking snapshot (also listed in public/prefetch-snapshot.js). */
const FLEET_PAGES = new Set(['/', '/_app', '/map', '/vehicle-summary']);

// A returning user with a chosen role (the role cookies are readable; the token is HttpOnly) opening a
// fleet page: fetch the snapshot and the page's code now, beside the app's boot (auth/me, the shell),
// instead of after it. The snapshot's request was already made by public/prefetch-snapshot.js while
// this code loaded; its response is taken here. If the session has ended the request fails quietly and
// the server's redirect takes over as usual.
if (getCookie(COOKIE.roleUnit) && getCookie(COOKIE.roleUser)) {
  const path = window.location.pathname;
  if (FLEET_PAGES.has(path)) void queryClient.prefetchQuery(trackingQueryOptions());
  void import('./shell/app-layout');
  // The map page's map starts now (its style, the base map, then the vehicles as soon as they are in);
  // the dashboard's map worker too.
  if (path === '/map') {
    void import('./pages/map-route');
    startMapPageEarly(queryClient.fetchQuery(trackingQueryOptions()));
  }
  if (path === '/') prewarmMap();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
