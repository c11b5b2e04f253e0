import { driverInput, type DriverInputDraft, type DriverRow } from '@pantau/contracts';

/** Every field of the form, in the contract's names (server errors name these). */
export const DRIVER_FORM_FIELDS = Object.keys(driverInput.shape) as (keyof DriverInputDraft)[];

export const NEW_DRIVER: Partial<DriverInputDraft> = { name: '', employeeNumber: '', aktif: true };

export function driverFormValues(d: DriverRow): DriverInputDraft {
  return {
    name: d.name,
    employeeNumber: d.employeeNumber,
    phone: d.phone,
    simClass: d.simClass as DriverInputDraft['simClass'],
    simExpiry: d.simExpiry,
    aktif: d.aktif,
  };
}

/** Checks the form with the contract before sending, as the server will. */
export function checkDriverForm(values: Partial<DriverInputDraft>) {
  return driverInput.safeParse(values);
}
