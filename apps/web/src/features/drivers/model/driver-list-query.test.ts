import { describe, expect, it } from 'vitest';
import { driverListQuery } from './driver-list-query';

describe('driver list query', () => {
  it('reads the URL, ignoring unknown values, and pages 10 at a time', () => {
    const state = driverListQuery.parse(
      new URLSearchParams(
        'search=budi&simClass=SIM B1 Umum&aktif=maybe&documentStatus=due_soon&sortBy=simExpiry&sortDir=descend',
      ),
      2,
    );
    expect(driverListQuery.pageQuery(state)).toEqual({
      Take: 10,
      Skip: 10,
      search: 'budi',
      aktif: undefined,
      simClass: 'SIM B1 Umum',
      documentStatus: 'due_soon',
      sortBy: 'simExpiry',
      sortDir: 'descend',
    });
  });
});
