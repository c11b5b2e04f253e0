import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { withAllTexts } from '../lib/i18n';
import { FullPageSpin } from './pages/full-page-spin';
import { MapRoute } from './pages/map-route';
import { RootRoute } from './pages/root-route';
import { AppLayout } from './shell/app-layout';

const LazyErrorPage = lazy(() =>
  withAllTexts(import('../features/placeholder/pages/error-page')).then((m) => ({ default: m.ErrorPage })),
);
/** The error page, loaded when an error shows it. */
function ErrorPage() {
  return (
    <Suspense fallback={<FullPageSpin />}>
      <LazyErrorPage />
    </Suspense>
  );
}

const dashboardRoute = (page?: ComponentType): Pick<RouteObject, 'Component' | 'lazy'> =>
  page
    ? { Component: page }
    : {
        lazy: () =>
          import('../features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
      };

/**
 * Spec §2 routes. Pages without the shell sit beside the shell route; everything else is inside it.
 * The shell and the map are in the app's first chunk: as lazy routes their ~17 small chunks were asked
 * for only once the app's code had run (0.1–0.4 s more before the page could render;
 * bench/map-bench.mjs). The dashboard is its own chunk, so that the map's and every other page's first
 * load does not carry its table and figures; a visit that opens on it preloads that chunk from the
 * start (public/prefetch-snapshot.js) and hands the module in (`dashboard`), so that it renders at
 * once. The other pages load on demand.
 */
export const routes = (dashboard?: ComponentType): RouteObject[] => [
  {
    Component: RootRoute,
    HydrateFallback: FullPageSpin,
    ErrorBoundary: ErrorPage,
    children: [
      {
        path: '/signin',
        lazy: () => import('../features/auth/pages/sign-in-page').then((m) => ({ Component: m.SignInPage })),
      },
      {
        path: '/signup',
        lazy: () => import('../features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
      },
      {
        path: '/forgot',
        lazy: () => import('../features/auth/pages/forgot-page').then((m) => ({ Component: m.ForgotPage })),
      },
      {
        path: '/lockscreen',
        lazy: () =>
          import('../features/auth/pages/lock-screen-page').then((m) => ({ Component: m.LockScreenPage })),
      },
      { path: '/_error', Component: ErrorPage },
      {
        path: '/choose-role',
        lazy: () => import('./pages/choose-role-page').then((m) => ({ Component: m.ChooseRolePage })),
      },
      {
        path: '/preview-vehicle',
        lazy: () =>
          import('../features/share/pages/preview-vehicle-page').then((m) => ({
            Component: m.PreviewVehiclePage,
          })),
      },
      {
        path: '/',
        Component: AppLayout,
        children: [
          { index: true, ...dashboardRoute(dashboard) },
          // /_app is the application shell page (S-002): the shell with the dashboard content.
          { path: '_app', ...dashboardRoute(dashboard) },
          {
            path: 'map',
            Component: MapRoute,
          },
          {
            path: 'violation-traffic',
            lazy: () =>
              import('../features/violation-traffic/pages/violation-traffic-page').then((m) => ({
                Component: m.ViolationTrafficPage,
              })),
          },
          {
            path: 'car-carrier/activity',
            lazy: () =>
              import('../features/car-carrier/pages/activity-page').then((m) => ({
                Component: m.CarCarrierActivityPage,
              })),
          },
          {
            path: 'car-carrier/utility',
            lazy: () =>
              import('../features/car-carrier/pages/utility-page').then((m) => ({
                Component: m.CarCarrierUtilityPage,
              })),
          },
          {
            path: 'car-carrier/summary',
            lazy: () =>
              import('../features/car-carrier/pages/summary-page').then((m) => ({
                Component: m.CarCarrierSummaryPage,
              })),
          },
          {
            path: 'car-carrier/traffic',
            lazy: () =>
              import('../features/car-carrier/pages/traffic-page').then((m) => ({
                Component: m.CarCarrierTrafficPage,
              })),
          },
          {
            path: 'spk/ccr',
            lazy: () =>
              import('./pages/work-order-routes').then((m) => ({ Component: m.CcrWorkOrdersRoute })),
          },
          {
            path: 'spk/dt',
            lazy: () => import('./pages/work-order-routes').then((m) => ({ Component: m.DtWorkOrdersRoute })),
          },
          {
            path: 'availability',
            lazy: () =>
              import('./pages/availability-route').then((m) => ({ Component: m.AvailabilityRoute })),
          },
          {
            path: 'management/vehicle-management',
            lazy: () =>
              import('./pages/vehicle-management-route').then((m) => ({
                Component: m.VehicleManagementRoute,
              })),
          },
          {
            path: 'management/driver-management',
            lazy: () =>
              import('./pages/management-routes').then((m) => ({ Component: m.DriverManagementRoute })),
          },
          {
            path: 'management/fleet-management',
            lazy: () =>
              import('./pages/management-routes').then((m) => ({ Component: m.FleetManagementRoute })),
          },
          {
            path: 'management/user-management',
            lazy: () =>
              import('./pages/management-routes').then((m) => ({ Component: m.UserManagementRoute })),
          },
          ...(
            [
              ['report/geofence-report', 'GeofenceReportPage'],
              ['report/over-speed-report', 'OverSpeedReportPage'],
              ['report/over-stop-report', 'OverStopReportPage'],
              ['report/over-route-report', 'OverRouteReportPage'],
              ['report/detail-activity', 'DetailActivityReportPage'],
            ] as const
          ).map(([path, page]): RouteObject => ({
            path,
            lazy: () => import('./pages/report-routes').then((m) => ({ Component: m[page] })),
          })),
          {
            path: 'settings',
            lazy: () =>
              import('../features/settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
          },
          {
            path: 'vehicle-summary',
            lazy: () =>
              import('../features/vehicle-summary/pages/vehicle-summary-page').then((m) => ({
                Component: m.VehicleSummaryPage,
              })),
          },
          {
            path: 'notifications',
            lazy: () =>
              import('../features/notifications/pages/notifications-page').then((m) => ({
                Component: m.NotificationsPage,
              })),
          },
          {
            path: 'profile',
            lazy: () =>
              import('../features/auth/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: '*',
            lazy: () =>
              import('../features/placeholder/pages/not-found-page').then((m) => ({
                Component: m.NotFoundPage,
              })),
          },
        ],
      },
    ],
  },
];

/**
 * A lazy page loads with the texts of every page (lib/i18n.ts): the first view's are in from the start,
 * the rest come in one file with the first page that needs them, in parallel with its code.
 */
function withTexts(tree: RouteObject[]): RouteObject[] {
  return tree.map((route): RouteObject => {
    const { lazy: load, children } = route;
    const withChildren = children ? ({ ...route, children: withTexts(children) } as RouteObject) : route;
    return typeof load === 'function'
      ? ({ ...withChildren, lazy: () => withAllTexts(load()) } as RouteObject)
      : withChildren;
  });
}

export const createAppRouter = (dashboard?: ComponentType) =>
  createBrowserRouter(withTexts(routes(dashboard)));
