import { describe, expect, it } from 'vitest';
import {
  countByMotion,
  filterSummary,
  parseSummaryFilter,
  sortSummary,
  summaryFilterParams,
  type SummaryFilter,
} from './summary-filter';
import { testVehicle } from '../../../lib/testing/test-vehicle';

const fleet = [
  testVehicle(3, { motion: 'stopped', ignition: false, speed: 0, vehicleClass: 'TRUCK', driver: null }),
  testVehicle(1, { motion: 'moving', speed: 72, todayDistanceKm: 300 }),
  testVehicle(2, { motion: 'idle', speed: 0, location: null, lat: -6.9, lon: 107.6 }),
  testVehicle(4, {
    motion: 'nodata',
    fixTime: null,
    lat: null,
    lon: null,
    location: null,
    ignition: null,
    gpsStatus: 'off',
    driver: { pengemudiId: 9, name: 'Agus Salim' },
  }),
];
const all: SummaryFilter = { status: 'all', vehicleClass: 'all', text: '' };
const ids = (vs: { kendaraanId: number }[]) => vs.map((v) => v.kendaraanId);

describe('vehicle summary filter', () => {
  it('round-trips through the URL and ignores unknown values', () => {
    const filter: SummaryFilter = { status: 'idle', vehicleClass: 'TRUCK', text: 'b 90' };
    expect(parseSummaryFilter(new URLSearchParams(summaryFilterParams(filter)))).toEqual(filter);
    expect(parseSummaryFilter(new URLSearchParams('status=flying&class=BUS'))).toEqual(all);
    expect(summaryFilterParams(all)).toEqual({});
  });

  it.each([
    [all, [3, 1, 2, 4]],
    [{ ...all, status: 'stopped' }, [3]],
    [{ ...all, vehicleClass: 'CC' }, [1, 2, 4]],
    [{ ...all, text: 'b9001' }, [1]],
    [{ ...all, text: 'cc-002' }, [2]],
    [{ ...all, text: 'agus' }, [4]],
    [{ ...all, text: 'cikampek' }, [3, 1]],
    [{ status: 'moving', vehicleClass: 'TRUCK', text: '' }, []],
  ] as [SummaryFilter, number[]][])('%j keeps %j', (filter, expected) => {
    expect(ids(filterSummary(fleet, filter))).toEqual(expected);
  });

  it('counts every status, zero included', () => {
    expect(countByMotion(fleet)).toEqual({ moving: 1, idle: 1, stopped: 1, offline: 0, nodata: 1 });
  });

  it('sorts by plate without a sort, and on any column both ways with missing values last', () => {
    expect(ids(sortSummary(fleet, null))).toEqual([1, 2, 3, 4]);
    expect(ids(sortSummary(fleet, { key: 'speed', order: 'descend' }))).toEqual([1, 4, 2, 3]);
    expect(ids(sortSummary(fleet, { key: 'status', order: 'ascend' }))).toEqual([1, 2, 3, 4]);
    expect(ids(sortSummary(fleet, { key: 'lastFix', order: 'ascend' }))).toEqual([4, 1, 2, 3]);
    expect(ids(sortSummary(fleet, { key: 'driver', order: 'ascend' }))).toEqual([4, 1, 2, 3]);
    expect(ids(sortSummary(fleet, { key: 'class', order: 'descend' }))).toEqual([3, 1, 2, 4]);
    expect(ids(sortSummary(fleet, { key: 'todayDistance', order: 'descend' }))[0]).toBe(1);
  });
});
