import { vehicleInput } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { fieldOfPath, serverFieldErrors, zodFieldErrors } from './form-errors';

const fields = Object.keys(vehicleInput.shape);

describe('form errors', () => {
  it('finds the field a path names', () => {
    expect(fieldOfPath('nomorPolisi', fields)).toBe('nomorPolisi');
    expect(fieldOfPath('fleetIds.0', fields)).toBe('fleetIds');
    expect(fieldOfPath(['body', 'speedLimit'], fields)).toBe('speedLimit');
    expect(fieldOfPath('token', fields)).toBeNull();
  });

  it('puts the contract’s first message of each field on that field', () => {
    const parsed = vehicleInput.safeParse({
      pantauKendaraanId: 'x',
      nomorPolisi: 'not a plate',
      nomorKendaraan: 'CC-1',
      vehicleClass: 'CC',
      speedLimit: 300,
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const mapped = zodFieldErrors(parsed.error, fields);
    expect(mapped.other).toEqual([]);
    expect(Object.fromEntries(mapped.fields.map((f) => [f.name, f.errors]))).toEqual({
      pantauKendaraanId: ['Tracker id: 4–32 letters or digits (a GT06 IMEI has 15 digits)'],
      nomorPolisi: ['Plate number must look like B 9471 UEY'],
      speedLimit: ['Speed limit must be between 20 and 120 km/h'],
    });
  });

  it('maps a 409’s field and keeps messages naming no field apart', () => {
    expect(
      serverFieldErrors(
        [
          { path: 'nomorPolisi', message: 'Plate number is already used' },
          { path: '', message: 'Something else' },
        ],
        fields,
      ),
    ).toEqual({
      fields: [{ name: 'nomorPolisi', errors: ['Plate number is already used'] }],
      other: ['Something else'],
    });
    expect(serverFieldErrors(undefined, fields)).toEqual({ fields: [], other: [] });
  });
});
