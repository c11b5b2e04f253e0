import { lazy, Suspense, type ReactNode } from 'react';
import { AuditDrawerProvider } from '../../components/audit/audit-drawer';
import { ShareLinkDialogProvider } from '../../components/share/share-link-dialog';
import {
  VehicleRecordsProvider,
  type VehicleRecordsProps,
} from '../../components/vehicle-records/vehicle-records-slot';
import {
  VehicleRouteProvider,
  type VehicleRouteProps,
} from '../../components/vehicle-route/vehicle-route-slot';
import { AuditDrawer } from '../../features/audit/components/audit-drawer';
import { ShareLinkDialog } from '../../features/share/components/share-link-dialog';

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
