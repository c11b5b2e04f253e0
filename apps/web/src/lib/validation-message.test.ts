import { describe, expect, it } from 'vitest';
import {
  driverInput,
  geofenceInput,
  markerInput,
  routeInput,
  newUserInput,
  unitInfoInput,
  userCreateInput,
  userPasswordInput,
  vehicleInput,
  workOrderInput,
} from '@pantau/contracts';
import { validationMessage } from './validation-message';

describe('validationMessage', () => {
  it('keeps English as it is', () => {
    expect(validationMessage('Plate number must look like B 9471 UEY', 'en')).toBe(
      'Plate number must look like B 9471 UEY',
    );
  });

  it('translates the contracts’ messages into Indonesian, with the values they name', () => {
    expect(validationMessage('Plate number must look like B 9471 UEY', 'id')).toBe(
      'Nomor polisi harus seperti B 9471 UEY',
    );
    expect(validationMessage('Speed limit must be between 20 and 120 km/h', 'id')).toBe(
      'Batas kecepatan harus antara 20 dan 120 km/jam',
    );
    expect(validationMessage('ERP odometer cannot be negative', 'id')).toBe(
      'Odometer ERP tidak boleh negatif',
    );
    expect(validationMessage('Plate number B 9471 UEY is already registered to another vehicle', 'id')).toBe(
      'Nomor polisi B 9471 UEY sudah terdaftar di kendaraan lain',
    );
  });

  it('every message a bad vehicle or driver form gets from the contract has an Indonesian text', () => {
    const bad = vehicleInput.safeParse({
      pantauKendaraanId: '!',
      nomorPolisi: 'xx',
      nomorKendaraan: '',
      vehicleClass: 'BUS',
      tahun: 1900,
      speedLimit: 300,
      gsmNumber: '12',
      erpOdometer: -1,
      stnkDue: '1/2/2026',
      notes: 'x'.repeat(501),
    });
    const driver = driverInput.safeParse({ name: 'A', employeeNumber: '!', phone: '1', simClass: 'SIM Z' });
    const messages = [...(bad.error?.issues ?? []), ...(driver.error?.issues ?? [])].map((i) => i.message);
    expect(messages.length).toBeGreaterThan(10);
    for (const m of messages) expect(validationMessage(m, 'id'), m).not.toBe(m);
  });

  it('out-of-range numbers name the range, in both languages', () => {
    const bad = vehicleInput.safeParse({ tahun: 1850, speedLimit: -5, capacity: 99 });
    const message = (field: string) => bad.error?.issues.find((i) => i.path[0] === field)?.message ?? '';
    expect(message('tahun')).toMatch(/^Year must be between 1980 and \d{4}$/);
    expect(validationMessage(message('tahun'), 'id')).toMatch(/^Tahun harus antara 1980 dan \d{4}$/);
    expect(message('speedLimit')).toBe('Speed limit must be between 20 and 120 km/h');
    expect(message('capacity')).toBe('Capacity must be between 0 and 20 cars');
    expect(validationMessage(message('capacity'), 'id')).toBe('Kapasitas harus antara 0 dan 20 mobil');
  });

  it('the add-user, reset-password and unit forms speak like the vehicle form, in Indonesian too', () => {
    const results = [
      newUserInput.safeParse({ role: 'User' }),
      newUserInput.safeParse({ username: ' ', email: 'x', password: 'short', role: 'User' }),
      userCreateInput.safeParse({ username: 'ab', role: 'Boss' }),
      userPasswordInput.safeParse({}),
      unitInfoInput.safeParse({ unitName: '', phone: 'abc', timeZone: 'Europe/Paris' }),
    ];
    const messages = results.flatMap((r) => r.error?.issues ?? []).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Username is required',
        'E-mail is required for a new account',
        'Password is required',
        'Enter a valid e-mail address',
        'Password must be at least 8 characters',
        'Unit name is required',
        'Phone must be an Indonesian number, e.g. 0812-8765-4321 or 021-555-0123',
      ]),
    );
    for (const m of messages) {
      expect(m, 'no bare or library default text').toMatch(/^[A-Z][a-z-]+ .+/);
      expect(validationMessage(m, 'id'), m).not.toBe(m);
    }
  });

  it('the SPK form and the server’s SPK refusals and warnings have Indonesian texts', () => {
    const bad = [
      workOrderInput.safeParse({ kind: 'bus', spkNumber: ' ', runDate: '', loadCount: 1.5 }),
      workOrderInput.safeParse({ kind: 'ccr', spkNumber: 'S', kendaraanId: 1, runDate: 'x', loadCount: -1 }),
    ];
    const messages = bad.flatMap((r) => r.error?.issues ?? []).map((i) => i.message);
    expect(messages.length).toBeGreaterThan(4);
    for (const m of messages) expect(validationMessage(m, 'id'), m).not.toBe(m);
    expect(validationMessage('The vehicle runs SPK SPK-0012 in this period', 'id')).toBe(
      'Kendaraan ini menjalankan SPK SPK-0012 di periode ini',
    );
    expect(validationMessage('The KIR of B 9471 UEY is due on 2026-12-01', 'id')).toBe(
      'KIR B 9471 UEY jatuh tempo pada 2026-12-01',
    );
    expect(validationMessage('B 9471 UEY is inactive', 'id')).toBe('B 9471 UEY nonaktif');
  });

  it('the geofence, POI and route forms and the server’s refusals of them have Indonesian texts', () => {
    const bad = [
      geofenceInput.safeParse({
        polygonCode: 'a b',
        polygonName: ' ',
        polygonType: 'circle',
        radius: 60_000,
      }),
      geofenceInput.safeParse({ polygonCode: '', polygonName: 'x', polygonType: 'polygon', geometry: null }),
      geofenceInput.safeParse({
        polygonCode: 'C',
        polygonName: 'x',
        polygonType: 'corridor',
        width: -5,
        geometry: { type: 'LineString', coordinates: [[200, 0]] },
      }),
      markerInput.safeParse({ name: 'Pom', position: null }),
      routeInput.safeParse({ code: 'R', name: 'x', leadTimeMinutes: 30_000, circleTimeMinutes: 1.5 }),
    ];
    const messages = bad.flatMap((r) => r.error?.issues ?? []).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Code: 1–32 letters, digits, dot, dash, slash or underscore',
        'Click the map to place the point',
        'Longitude must be between -180 and 180',
      ]),
    );
    for (const m of messages) {
      expect(m, 'no library default text').not.toMatch(/^Invalid input/);
      expect(validationMessage(m, 'id'), m).not.toBe(m);
    }
    for (const m of [
      'Code QA-CIRCLE-1 is already used by another geofence of this unit',
      'Code RT-1 is already used by another route of this unit',
      'Code A is also used by feature 1',
      'Radius must be at most 50000 m',
      'Circle time must be at most 14 days',
      'The outline crosses itself near -6.36000, 107.29000 (lat, lng)',
      'The file is empty',
      'At most 10,000 points',
    ])
      expect(validationMessage(m, 'id'), m).not.toBe(m);
  });
});
