// antd's styles as one static sheet (theme `zeroRuntime` in providers.tsx), before ours so ours win ties.
import 'antd/dist/antd.css';
import { bootFleetPage } from '../features/map/boot';
import '../lib/i18n';
import { createQueryClient } from './query-client';
import './styles.css';

// public/prefetch-snapshot.js, should it run after this (the app's code cached), leaves it to the app.
window.__pantauBooted = true;

const queryClient = createQueryClient();
const boot = bootFleetPage(queryClient);

// The app itself (React, antd, the router and the pages) is evaluated only now: on /map its ~0.1–0.2 s
// of module evaluation comes after the map's vehicles went to the worker, not before.
void boot.ready
  .then(() => import('./app-root'))
  .then(({ renderApp }) => renderApp(queryClient, { transition: boot.transition() }));
