import { describe, expect, it } from 'vitest';
import { driverInput, vehicleInput } from '@pantau/contracts';
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
});
