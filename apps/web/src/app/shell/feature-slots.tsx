import type { ReactNode } from 'react';
import { withAllTexts } from '../../lib/i18n';
import { lazySlot } from '../../lib/lazy-slot';
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

// Each loads with the texts of every page. The audit history and the share dialog (a paged list, a
// form) load when first opened.
const AuditDrawer = lazySlot<AuditDrawerProps>(
  () => withAllTexts(import('../../features/audit/components/audit-drawer')).then((m) => m.AuditDrawer),
  true,
);
const ShareLinkDialog = lazySlot<ShareLinkDialogProps>(
  () =>
    withAllTexts(import('../../features/share/components/share-link-dialog')).then((m) => m.ShareLinkDialog),
  true,
);
// A vehicle's route comes with the first vehicle opened: /map's first load does not carry it.
const VehicleRoute = lazySlot<VehicleRouteProps>(() =>
  withAllTexts(import('../../features/geofences/components/vehicle-route')).then((m) => m.VehicleRoute),
);
// A vehicle's maintenance, incidents and checks load when first shown.
const VehicleRecords = lazySlot<VehicleRecordsProps>(() =>
  withAllTexts(import('../../features/vehicle-health/components/vehicle-records')).then(
    (m) => m.VehicleRecords,
  ),
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
