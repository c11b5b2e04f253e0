import { describe, expect, it } from 'vitest';
import { prepareVehicleRows, vehicleClassOf } from './vehicle-import';

const drivers = [
  { pengemudiId: 11, name: 'Budi Santoso', employeeNumber: 'EMP-011' },
  { pengemudiId: 12, name: 'Agus', employeeNumber: 'EMP-012' },
  { pengemudiId: 13, name: 'Agus', employeeNumber: 'EMP-013' },
];
const message = (p: string, v: string) => `${p}:${v}`;

describe('vehicle import rows', () => {
  it('reads the class in either language', () => {
    expect(vehicleClassOf('truk')).toBe('TRUCK');
    expect(vehicleClassOf('Car carrier')).toBe('CC');
    expect(vehicleClassOf('cc')).toBe('CC');
    expect(vehicleClassOf('bus')).toBe('bus');
  });

  it('writes drivers as employee numbers (by name or number) and fleets as one cell; names stay for the server', () => {
    const prepared = prepareVehicleRows(
      [
        {
          vehicleClass: 'Truk',
          merk: 'ud trucks',
          fleet: ['Jakarta', 'Cikarang'],
          pengemudi: 'emp-013',
          coPengemudi: 'budi santoso',
        },
      ],
      drivers,
      message,
    );
    expect(prepared.problems).toEqual([]);
    expect(prepared.rows).toEqual([
      {
        vehicleClass: 'TRUCK',
        merk: 'ud trucks',
        fleet: 'Jakarta, Cikarang',
        pengemudi: 'emp-013',
        coPengemudi: 'EMP-011',
      },
    ]);
  });

  it('names an unknown or ambiguous driver on its column and row', () => {
    const prepared = prepareVehicleRows(
      [{ pengemudi: 'Budi Santoso' }, { pengemudi: 'Agus', coPengemudi: 'Nobody' }],
      drivers,
      message,
    );
    expect(prepared.problems).toEqual([
      { index: 1, path: 'pengemudi', message: 'ambiguousDriver:Agus' },
      { index: 1, path: 'coPengemudi', message: 'unknownDriver:Nobody' },
    ]);
    expect(prepared.rows[1]).toEqual({ pengemudi: 'Agus', coPengemudi: 'Nobody' });
  });
});
