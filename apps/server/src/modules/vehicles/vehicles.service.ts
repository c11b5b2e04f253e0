import type { VehicleList, VehicleRow } from '@pantau/contracts';
import type { VehiclesRepo } from './vehicles.repo.js';

export function createVehiclesService(deps: { vehiclesRepo: VehiclesRepo }) {
  const { vehiclesRepo } = deps;
  return {
    /** The unit's vehicles in the spec's vehicle report row shape, ordered by hull number. */
    async listOfUnit(unitId: number, page: { Take: number; Skip: number }): Promise<VehicleList> {
      const [total, rows] = [
        await vehiclesRepo.countOfUnit(unitId),
        await vehiclesRepo.pageOfUnit(unitId, page.Take, page.Skip),
      ];
      const memberships = await vehiclesRepo.fleetsOf(rows.map((r) => r.vehicle.vehicleId));
      const results = rows.map(
        ({ vehicle: v, brandName, typeName, driverName, coDriverName }): VehicleRow => ({
          kendaraanId: v.vehicleId,
          unitId: v.unitId,
          fleet: memberships
            .filter((m) => m.vehicleId === v.vehicleId)
            .map(({ fleetId, fleetName }) => ({ fleetId, fleetName })),
          pantauKendaraanId: v.trackerId,
          registrationNumber: v.registrationNumber,
          nomorPolisi: v.plateNumber,
          nomorKendaraan: v.hullNumber,
          merk: brandName,
          merkId: v.brandId,
          tipe: typeName,
          tipeId: v.vehicleTypeId,
          dedicated: v.dedicatedCustomer,
          pool: v.pool,
          erpOdometer: v.erpOdometer,
          gpsOdometer: v.gpsOdometer,
          tahun: v.year,
          notes: v.notes,
          icon: v.icon,
          engineHour: v.engineHour,
          odometer: v.odometer,
          gsmNumber: v.gsmNumber,
          smsAlert: v.smsAlert,
          speedLimit: v.speedLimit,
          aktif: v.aktif,
          vehicleClass: v.vehicleClass,
          capacity: v.capacity,
          stnkDue: v.stnkDue,
          kirDue: v.kirDue,
          pengemudiId: v.driverId,
          pengemudi: driverName,
          coPengemudiId: v.coDriverId,
          coPengemudi: coDriverName,
        }),
      );
      return { count: total, results };
    },
  };
}
export type VehiclesService = ReturnType<typeof createVehiclesService>;
