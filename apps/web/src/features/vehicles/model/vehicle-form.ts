import { vehicleInput, type VehicleInputDraft, type VehicleRow } from '@pantau/contracts';

/** Every field of the form, in the contract's names (server errors name these). */
export const VEHICLE_FORM_FIELDS = Object.keys(vehicleInput.shape) as (keyof VehicleInputDraft)[];

/** A new vehicle: a car carrier, active, no SMS alert. */
export const NEW_VEHICLE: VehicleInputDraft = {
  pantauKendaraanId: '',
  nomorPolisi: '',
  nomorKendaraan: '',
  vehicleClass: 'CC',
  aktif: true,
  smsAlert: false,
  fleetIds: [],
};

/** The form's values for an existing vehicle: its row in the contract's input names. */
export function vehicleFormValues(v: VehicleRow): VehicleInputDraft {
  return {
    pantauKendaraanId: v.pantauKendaraanId,
    nomorPolisi: v.nomorPolisi,
    nomorKendaraan: v.nomorKendaraan,
    registrationNumber: v.registrationNumber,
    merkId: v.merkId,
    tipeId: v.tipeId,
    vehicleClass: v.vehicleClass,
    capacity: v.capacity,
    dedicated: v.dedicated,
    pool: v.pool,
    erpOdometer: v.erpOdometer,
    gpsOdometer: v.gpsOdometer,
    odometer: v.odometer,
    engineHour: v.engineHour,
    tahun: v.tahun,
    notes: v.notes,
    icon: v.icon,
    gsmNumber: v.gsmNumber,
    smsAlert: v.smsAlert,
    speedLimit: v.speedLimit,
    stnkDue: v.stnkDue,
    kirDue: v.kirDue,
    aktif: v.aktif,
    fleetIds: v.fleet.map((f) => f.fleetId),
    pengemudiId: v.pengemudiId,
    coPengemudiId: v.coPengemudiId,
  };
}

/** Checks the form with the contract before sending, as the server will. */
export function checkVehicleForm(values: Partial<VehicleInputDraft>) {
  return vehicleInput.safeParse(values);
}
