import { lazy, Suspense, useState, type ReactNode } from 'react';
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

/** True once `open` has been true: a dialog's code loads when first opened, and it stays to animate closed. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

// The audit history and the share dialog (a paged list, a form) load when first opened.
const AuditDrawerOfFeature = lazy(() =>
  import('../../features/audit/components/audit-drawer').then((m) => ({ default: m.AuditDrawer })),
);
function AuditDrawer(props: AuditDrawerProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <AuditDrawerOfFeature {...props} />
    </Suspense>
  );
}
const ShareLinkDialogOfFeature = lazy(() =>
  import('../../features/share/components/share-link-dialog').then((m) => ({ default: m.ShareLinkDialog })),
);
function ShareLinkDialog(props: ShareLinkDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ShareLinkDialogOfFeature {...props} />
    </Suspense>
  );
}

// A vehicle's route comes with the first vehicle opened: /map's first load does not carry it.
const VehicleRouteOfFeature = lazy(() =>
  import('../../features/geofences/components/vehicle-route').then((m) => ({ default: m.VehicleRoute })),
);
function VehicleRoute(props: VehicleRouteProps) {
  return (
    <Suspense fallback={null}>
      <VehicleRouteOfFeature {...props} />
    </Suspense>
  );
}

// A vehicle's maintenance, incidents and checks load when first shown.
const VehicleRecordsOfFeature = lazy(() =>
  import('../../features/vehicle-health/components/vehicle-records').then((m) => ({
    default: m.VehicleRecords,
  })),
);
function VehicleRecords(props: VehicleRecordsProps) {
  return (
    <Suspense fallback={null}>
      <VehicleRecordsOfFeature {...props} />
    </Suspense>
  );
}

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
