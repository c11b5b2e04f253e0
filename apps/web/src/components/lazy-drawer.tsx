import type { DrawerProps } from 'antd';
import { lazySlot } from '../lib/lazy-slot';

/**
 * antd's Drawer, its code (with rc-drawer and the Skeleton its loading state uses, ~9 kB compressed)
 * loaded when it first opens: the shell's drawers are closed on every first load. From then on it is
 * the Drawer itself, so it animates closed and open again as always.
 */
export const LazyDrawer = lazySlot<DrawerProps>(() => import('./antd-drawer').then((m) => m.default), true);
