import { vehicleRow, type VehicleInput, type VehicleRow } from '@pantau/contracts';
import { entityWrites } from '../../../lib/api/entity-writes';
import { vehicleKeys } from '../../../lib/api/vehicles';

/** `kendaraan`: add, save, deactivate (DELETE answers the row) and import. */
export const vehicleWrites = entityWrites<VehicleInput, VehicleRow>('kendaraan', vehicleRow, vehicleKeys.all);
