import type { DrawerProps } from 'antd';
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once';

const Drawer = lazy(() => import('./antd-drawer'));

/**
 * antd's Drawer, its code (with rc-drawer and the Skeleton its loading state uses, ~9 kB compressed)
 * loaded when it first opens: the shell's drawers are closed on every first load. From then on it is
 * the Drawer itself, so it animates closed and open again as always.
 */
export function LazyDrawer(props: DrawerProps) {
  const opened = useOpenedOnce(props.open === true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
