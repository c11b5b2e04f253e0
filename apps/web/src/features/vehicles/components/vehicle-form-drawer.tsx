import type { VehicleRow } from '@pantau/contracts';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/management/form-drawer';
import { getStoredRole } from '../../../lib/role-storage';
import { useBrands } from '../api/get-brands';
import { useEveryDriver } from '../../../lib/api/drivers';
import { useEveryFleet } from '../../../lib/api/fleets';
import { vehicleWrites } from '../api/vehicle-mutations';
import { checkVehicleForm, NEW_VEHICLE, VEHICLE_FORM_FIELDS, vehicleFormValues } from '../model/vehicle-form';
import { VehicleFormFields } from './vehicle-form-fields';

/** Add (vehicle null) or edit a vehicle in a drawer; full width on a phone. */
export function VehicleFormDrawer({
  open,
  vehicle,
  onClose,
}: {
  open: boolean;
  vehicle: VehicleRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('vehicles');
  const unitId = getStoredRole()?.roleUnit;
  const brands = useBrands(unitId, open);
  const fleets = useEveryFleet(unitId, open);
  const drivers = useEveryDriver(unitId, open);
  const save = vehicleWrites.useSave();
  return (
    <FormDrawer
      open={open}
      record={vehicle}
      onClose={onClose}
      size="min(680px, 100vw)"
      title={vehicle ? t('editTitle', { plate: vehicle.nomorPolisi }) : t('addTitle')}
      testId="vehicle"
      fields={VEHICLE_FORM_FIELDS}
      values={(v) => (v ? vehicleFormValues(v) : NEW_VEHICLE)}
      check={checkVehicleForm}
      save={(input, on) => save.mutate({ id: vehicle?.kendaraanId ?? null, input }, on)}
      saving={save.isPending}
    >
      <VehicleFormFields
        brands={brands.data?.results ?? []}
        fleets={fleets.data ?? []}
        drivers={drivers.data ?? []}
      />
    </FormDrawer>
  );
}
