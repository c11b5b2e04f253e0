import type { TrackingItem } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { searchVehicles } from './search-vehicles';

const v = (id: number, plate: string, hull: string) =>
  ({ kendaraanId: id, nomorPolisi: plate, nomorKendaraan: hull }) as TrackingItem;

describe('vehicle search', () => {
  const fleet = [v(1, 'B 9471 UEY', 'CC-017'), v(2, 'T 9832 DA', 'CC-471'), v(3, 'D 9654 AF', 'TR-002')];
  it('matches plates ignoring case and spaces, plates before hull numbers', () => {
    expect(searchVehicles(fleet, 'b9471').map((x) => x.kendaraanId)).toEqual([1]);
    expect(searchVehicles(fleet, '471').map((x) => x.kendaraanId)).toEqual([1, 2]);
    expect(searchVehicles(fleet, 'cc 017').map((x) => x.kendaraanId)).toEqual([1]);
    expect(searchVehicles(fleet, 'tr-002').map((x) => x.kendaraanId)).toEqual([3]);
    expect(searchVehicles(fleet, '  ')).toEqual([]);
  });
});
