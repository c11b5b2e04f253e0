import type { VehicleRow, WorkOrderRow } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { testVehicle } from '../../../lib/testing/test-vehicle';
import { driverStatusOf, joinFleetRows, matchesPlate } from './fleet-rows';

const tracking = testVehicle;

const record = (kendaraanId: number, over: Partial<VehicleRow> = {}): VehicleRow => ({
  kendaraanId,
  unitId: 1,
  fleet: [],
  pantauKendaraanId: `86000000000000${kendaraanId}`,
  registrationNumber: null,
  nomorPolisi: `B ${9000 + kendaraanId} UEY`,
  nomorKendaraan: `CC-${String(kendaraanId).padStart(3, '0')}`,
  merk: 'Hino',
  merkId: 1,
  tipe: 'FM 260 JD',
  tipeId: 1,
  dedicated: null,
  pool: 'Pool Cibitung',
  erpOdometer: null,
  gpsOdometer: null,
  tahun: 2021,
  notes: null,
  icon: null,
  engineHour: null,
  odometer: null,
  gsmNumber: null,
  smsAlert: false,
  speedLimit: 80,
  aktif: true,
  vehicleClass: 'CC',
  capacity: 8,
  stnkDue: null,
  kirDue: null,
  pengemudiId: null,
  pengemudi: null,
  coPengemudiId: null,
  coPengemudi: null,
  ...over,
});

describe('joinFleetRows', () => {
  it('joins pool, dedicated and type from the vehicle record to the live state by kendaraanId', () => {
    const rows = joinFleetRows(
      [tracking(1), tracking(2, { ignition: false, gpsStatus: 'off', driver: null })],
      [record(2, { pool: 'Pool Sunter', dedicated: 'Toyota', tipe: 'Giga' }), record(1)],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        kendaraanId: 1,
        pool: 'Pool Cibitung',
        dedicated: null,
        tipe: 'FM 260 JD',
        gpsStatus: 'on',
        ignition: true,
        driver: 'Budi Santoso',
        location: 'Tol Jakarta–Cikampek KM ~20',
      }),
      expect.objectContaining({
        kendaraanId: 2,
        pool: 'Pool Sunter',
        dedicated: 'Toyota',
        tipe: 'Giga',
        gpsStatus: 'off',
        ignition: false,
        driver: null,
      }),
    ]);
  });

  it('keeps a live vehicle without a record, and a record that never reported (no data)', () => {
    const rows = joinFleetRows([tracking(1)], [record(3)]);
    expect(rows.map((r) => r.kendaraanId)).toEqual([1, 3]);
    expect(rows[0]).toMatchObject({ pool: null, dedicated: null, tipe: null });
    expect(rows[1]).toMatchObject({ motion: 'nodata', gpsStatus: null, ignition: null, fixTime: null });
  });

  it('S-050 takes CCR status, driver, departure, ETA to base, customer and destination from the current SPK', () => {
    const spk = (o: Partial<WorkOrderRow>) =>
      ({
        spkId: 7,
        spkNumber: 'SPK-007',
        kind: 'ccr',
        status: 'on_progress',
        kosongan: false,
        pengemudiName: 'Agus Salim',
        runDate: '2026-11-20T01:00:00.000Z',
        outPoolAt: '2026-11-20T01:20:00.000Z',
        etaToBase: '2026-11-20T09:20:00.000Z',
        customer: 'PT Toyota Astra',
        destinationName: 'Dealer Cibubur',
        ...o,
      }) as WorkOrderRow;
    const rows = joinFleetRows(
      [tracking(1), tracking(2), tracking(3)],
      [record(4)],
      new Map([
        [1, spk({})],
        [2, spk({ status: 'waiting', outPoolAt: null, etaToBase: null, pengemudiName: null })],
        [4, spk({ status: 'abnormal', kind: 'dt' })],
      ]),
    );
    expect(rows[0]).toMatchObject({
      driver: 'Agus Salim',
      driverStatus: 'onTrip',
      order: {
        kind: 'ccr',
        status: 'on_progress',
        departure: '2026-11-20T01:20:00.000Z',
        departurePlanned: false,
        etaToBase: '2026-11-20T09:20:00.000Z',
        customer: 'PT Toyota Astra',
        destination: 'Dealer Cibubur',
      },
    });
    // Not out of the pool yet: the planned run date; without a driver on the SPK, the vehicle's.
    expect(rows[1]).toMatchObject({
      driver: 'Budi Santoso',
      driverStatus: 'assigned',
      order: { status: 'waiting', departure: '2026-11-20T01:00:00.000Z', departurePlanned: true },
    });
    expect(rows[2]).toMatchObject({ driverStatus: 'available', order: null });
    expect(rows[3]).toMatchObject({ kendaraanId: 4, driverStatus: 'onTrip', order: { kind: 'dt' } });
  });

  it.each([
    ['waiting', 'assigned'],
    ['on_progress', 'onTrip'],
    ['abnormal', 'onTrip'],
    ['done', 'available'],
    [null, 'available'],
  ] as const)('driver status of an SPK %s is %s', (status, expected) =>
    expect(driverStatusOf(status)).toBe(expected),
  );

  it('answers nothing for nothing', () => {
    expect(joinFleetRows([], [])).toEqual([]);
  });
});

describe('matchesPlate', () => {
  const row = { nomorPolisi: 'B 9471 UEY', nomorKendaraan: 'CC-017' };
  it.each([
    ['', true],
    ['b9471', true],
    ['9471 uey', true],
    ['cc-017', true],
    ['B 9472', false],
  ])('%j → %s', (text, expected) => expect(matchesPlate(row, text)).toBe(expected));
});
