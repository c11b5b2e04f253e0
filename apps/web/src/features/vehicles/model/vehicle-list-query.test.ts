import { describe, expect, it } from 'vitest';
import { vehicleListQuery } from './vehicle-list-query';

describe('vehicle list query', () => {
  it('reads the URL, ignoring unknown values, and pages 10 at a time', () => {
    const state = vehicleListQuery.parse(
      new URLSearchParams(
        'search=B 1&fleetId=2&vehicleClass=BUS&aktif=false&documentStatus=expired&sortBy=kirDue',
      ),
      3,
    );
    expect(vehicleListQuery.pageQuery(state)).toEqual({
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
    const state = vehicleListQuery.parse(new URLSearchParams('sortDir=descend&fleetId=x'), 1);
    expect(vehicleListQuery.filterQuery(state)).toMatchObject({
      sortBy: undefined,
      sortDir: undefined,
      fleetId: undefined,
    });
  });
});
