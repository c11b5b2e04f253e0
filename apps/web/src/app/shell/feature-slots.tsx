import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { withAllTexts } from '../../lib/i18n';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { AuditDrawerProvider, type AuditDrawerProps } from '../../components/audit/audit-drawer';
import { ShareLinkDialogProvider, type ShareLinkDialogProps } from '../../components/share/share-link-dialog';
import {
  VehicleRecordsProvider,
  type VehicleRecordsProps,
} from '../../components/vehicle-records/vehicle-records-slot';
import {
  VehicleRouteProvider,
  type VehicleRouteProps,
} from '../../components/vehicle-route/vehicle-route-slot';

/**
 * A slot filled by a feature's component loaded on first render, or (`untilOpened`, for a dialog with an
 * `open` prop) on first opening.
 */
function lazySlot<P extends object>(
  load: () => Promise<ComponentType<P>>,
  untilOpened = false,
): ComponentType<P> {
  const Feature = lazy(() => withAllTexts(load()).then((component) => ({ default: component })));
  return function Slot(props: P) {
    const opened = useOpenedOnce((props as { open?: boolean }).open === true);
    if (untilOpened && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Feature {...props} />
      </Suspense>
    );
  };
}

// The audit history and the share dialog (a paged list, a form) load when first opened.
const AuditDrawer = lazySlot<AuditDrawerProps>(
  () => import('../../features/audit/components/audit-drawer').then((m) => m.AuditDrawer),
  true,
);
const ShareLinkDialog = lazySlot<ShareLinkDialogProps>(
  () => import('../../features/share/components/share-link-dialog').then((m) => m.ShareLinkDialog),
  true,
);
// A vehicle's route comes with the first vehicle opened: /map's first load does not carry it.
const VehicleRoute = lazySlot<VehicleRouteProps>(() =>
  import('../../features/geofences/components/vehicle-route').then((m) => m.VehicleRoute),
);
// A vehicle's maintenance, incidents and checks load when first shown.
const VehicleRecords = lazySlot<VehicleRecordsProps>(() =>
  import('../../features/vehicle-health/components/vehicle-records').then((m) => m.VehicleRecords),
);

/** Fills the slots pages leave for other features: the audit history, the share dialog, a vehicle's route and records. */
export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <AuditDrawerProvider value={AuditDrawer}>
      <ShareLinkDialogProvider value={ShareLinkDialog}>
        <VehicleRouteProvider value={VehicleRoute}>
          <VehicleRecordsProvider value={VehicleRecords}>{children}</VehicleRecordsProvider>
        </VehicleRouteProvider>
      </ShareLinkDialogProvider>
    </AuditDrawerProvider>
  );
}
