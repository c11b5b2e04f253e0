// antd's styles as a static sheet (theme `zeroRuntime` in providers.tsx). The build splits it by component
// (antd-stylesheet-split.ts): this import is then its base, each component's rules come with its chunk,
// and all of it sits in the cascade layer `antd`, below ours.
import 'antd/dist/antd.css';
import { bootFleetPage } from '../features/map/boot';
import { loadAllTexts, textsReady } from '../lib/i18n';
import { createQueryClient } from './query-client';
import './styles.css';

// public/prefetch-snapshot.js, should it run after this (the app's code cached), leaves it to the app.
window.__pantauBooted = true;

const queryClient = createQueryClient();

// The app itself (React, antd, the router and the pages) is evaluated only now: on /map its ~0.1–0.2 s
// of module evaluation comes after the map's vehicles went to the worker, not before.
// On the dashboard (its own chunk, preloaded from the start by public/prefetch-snapshot.js) its module
// and its texts come with the app's, so that its first render is the dashboard's, not a lazy route's wait.
// The boot draws texts, so it starts once the first view's are in (public/prefetch-snapshot.js asked
// for them with the page). The dashboard's first render is a transition, as /map's is (app-root.tsx).
const onDashboard = location.pathname === '/' || location.pathname === '/_app';
void textsReady.then(() => {
  const boot = bootFleetPage(queryClient);
  return boot.ready
    .then(() =>
      Promise.all([
        import('./app-root'),
        onDashboard ? import('../features/dashboard/pages/dashboard-page') : null,
        onDashboard ? loadAllTexts() : null,
      ]),
    )
    .then(([{ renderApp }, dashboard]) =>
      renderApp(queryClient, {
        transition: boot.transition() || onDashboard,
        dashboard: dashboard?.DashboardPage,
      }),
    );
});
