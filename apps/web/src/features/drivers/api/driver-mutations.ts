import { driverRow, type DriverInput, type DriverRow } from '@pantau/contracts';
import { driverKeys } from '../../../lib/api/drivers';
import { entityWrites } from '../../../lib/api/entity-writes';

/** `pengemudi`: add, save, deactivate (DELETE answers the row) and import. */
export const driverWrites = entityWrites<DriverInput, DriverRow>('pengemudi', driverRow, driverKeys.all);
