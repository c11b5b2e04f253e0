import { describe, expect, it } from 'vitest';
import { parseVehicleList, vehicleFilterQuery, vehiclePageQuery } from './vehicle-list-query';

describe('vehicle list query', () => {
  it('reads the URL, ignoring unknown values, and pages 10 at a time', () => {
    const state = parseVehicleList(
      new URLSearchParams(
        'search=B 1&fleetId=2&vehicleClass=BUS&aktif=false&documentStatus=expired&sortBy=kirDue',
      ),
      3,
    );
    expect(vehiclePageQuery(state)).toEqual({
      Take: 10,
      Skip: 20,
      search: 'B 1',
      fleetId: 2,
      vehicleClass: undefined,
      aktif: 'false',
      documentStatus: 'expired',
      sortBy: 'kirDue',
      sortDir: 'ascend',
    });
  });

  it('sends no sort direction without a sort column', () => {
    const state = parseVehicleList(new URLSearchParams('sortDir=descend&fleetId=x'), 1);
    expect(vehicleFilterQuery(state)).toMatchObject({
      sortBy: undefined,
      sortDir: undefined,
      fleetId: undefined,
    });
  });
});
