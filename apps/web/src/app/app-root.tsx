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
 * pages, that page's module with it). While a map
 * started at boot still needs the main thread, the first render is a transition: React yields every few
 * milliseconds, and the worker's requests (the vehicles' icons for their tiles) are answered meanwhile
 * instead of waiting for its ~0.3 s render (bench/map-bench.mjs: medians 1.65 s against 1.73 s over 8
 * alternated runs). Once the fleet is drawn in the boot shell it renders straight through.
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
