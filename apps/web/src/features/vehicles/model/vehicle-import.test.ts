import { describe, expect, it } from 'vitest';
import { prepareVehicleRows, vehicleClassOf } from './vehicle-import';

const refs = {
  brands: [
    { merkId: 3, merk: 'Hino', tipe: [{ tipeId: 31, tipe: 'FL 235 JW' }] },
    { merkId: 4, merk: 'UD Trucks', tipe: [{ tipeId: 41, tipe: 'Quester GKE 280' }] },
  ],
  fleets: [{ fleetId: 1, fleetName: 'Jakarta' }],
  drivers: [
    { pengemudiId: 11, name: 'Budi Santoso', employeeNumber: 'EMP-011' },
    { pengemudiId: 12, name: 'Agus', employeeNumber: 'EMP-012' },
    { pengemudiId: 13, name: 'Agus', employeeNumber: 'EMP-013' },
  ],
};
const message = (p: string, v: string) => `${p}:${v}`;

describe('vehicle import names → ids', () => {
  it('reads the class in either language', () => {
    expect(vehicleClassOf('truk')).toBe('TRUCK');
    expect(vehicleClassOf('Car carrier')).toBe('CC');
    expect(vehicleClassOf('cc')).toBe('CC');
    expect(vehicleClassOf('bus')).toBe('bus');
  });

  it('looks up brand, type, fleets and drivers (by name or employee number)', () => {
    const prepared = prepareVehicleRows(
      [
        {
          merk: 'ud trucks',
          tipe: 'Quester GKE 280',
          fleet: ['jakarta'],
          pengemudi: 'EMP-013',
          coPengemudi: 'budi santoso',
        },
        { merkId: '3', fleetIds: ['1'] },
      ],
      refs,
      message,
    );
    expect(prepared.problems).toEqual([]);
    expect(prepared.rows).toEqual([
      { merkId: 4, tipeId: 41, fleetIds: [1], pengemudiId: 13, coPengemudiId: 11 },
      { merkId: 3, fleetIds: [1] },
    ]);
  });

  it('names every unknown or ambiguous name on its field and row', () => {
    const prepared = prepareVehicleRows(
      [
        { merk: 'Hinoo', tipe: 'FL 235 JW' },
        { fleet: ['Jakarta', 'Bandung'], pengemudi: 'Agus' },
      ],
      refs,
      message,
    );
    expect(prepared.problems).toEqual([
      { index: 0, path: 'merkId', message: 'unknownBrand:Hinoo' },
      { index: 1, path: 'fleetIds', message: 'unknownFleet:Bandung' },
      { index: 1, path: 'pengemudiId', message: 'ambiguousDriver:Agus' },
    ]);
    // A type is still found across brands when the brand is unknown.
    expect(prepared.rows[0]).toEqual({ tipeId: 31 });
    expect(prepared.rows[1]).toEqual({ fleetIds: [1] });
  });
});
