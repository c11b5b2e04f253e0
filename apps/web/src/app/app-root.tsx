import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode, useLayoutEffect, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { removeBootShell } from '../features/map/boot';
import { markMetric } from '../lib/metrics';
import { Providers } from './providers';
import { createAppRouter } from './router';

/** The app's first commit (the page takes the early map in it) takes the boot shell away. */
function BootShellGone() {
  useLayoutEffect(() => {
    markMetric('app-rendered');
    removeBootShell();
  }, []);
  return null;
}

/**
 * Renders the app (main.tsx loads this module once the boot's map work is under way; on the dashboard's
 * pages, that page's module with it). On /map and on the dashboard the first render is a transition:
 * React yields every few milliseconds, so the map's frames and the worker's requests (the vehicles' icons
 * for their tiles) are served meanwhile instead of waiting for one long task (docs/performance.md,
 * "The first render, a transition").
 */
export function renderApp(
  queryClient: QueryClient,
  { transition, dashboard }: { transition: boolean; dashboard?: ComponentType | undefined },
): void {
  const router = createAppRouter(dashboard);
  const render = () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers client={queryClient}>
          <RouterProvider router={router} />
        </Providers>
        <BootShellGone />
      </StrictMode>,
    );
  if (transition) startTransition(render);
  else render();
}
