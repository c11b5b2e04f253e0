import { describe, expect, it } from 'vitest';
import { driverPageQuery, parseDriverList } from './driver-list-query';

describe('driver list query', () => {
  it('reads the URL, ignoring unknown values, and pages 10 at a time', () => {
    const state = parseDriverList(
      new URLSearchParams(
        'search=budi&simClass=SIM B1 Umum&aktif=maybe&documentStatus=due_soon&sortBy=simExpiry&sortDir=descend',
      ),
      2,
    );
    expect(driverPageQuery(state)).toEqual({
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
