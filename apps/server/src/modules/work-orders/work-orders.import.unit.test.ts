import { describe, expect, it } from 'vitest';
import { monthsOf } from './recaps.service.js';
import { runDateOf } from './work-orders.import.js';

describe('runDateOf: a run date cell as the input takes it', () => {
  const WIB = 'Asia/Jakarta';
  it.each([
    ['2027-05-03', '2027-05-03'],
    ['03/05/2027', '2027-05-03'],
    ['3.5.2027', '2027-05-03'],
    ['2027-05-03 08:00', '2027-05-03T01:00:00.000Z'],
    ['2027-05-03T08:00:30', '2027-05-03T01:00:30.000Z'],
    ['03/05/2027 10.15', '2027-05-03T03:15:00.000Z'],
    ['2027-05-03T08:00:00+08:00', '2027-05-03T08:00:00+08:00'],
    ['2027-05-03T08:00:00Z', '2027-05-03T08:00:00Z'],
    // A spreadsheet serial: a whole day, then 06:30 of it.
    [46510, '2027-05-03'],
    [46510 + 6.5 / 24, '2027-05-02T23:30:00.000Z'],
    // Passed on, so the check names runDate.
    ['2027-05-03 25:00', '2027-05-03 25:00'],
    ['tomorrow', 'tomorrow'],
    [true, true],
  ])('%s → %s', (cell, expected) => expect(runDateOf(cell, WIB)).toEqual(expected));

  it('reads the wall clock of the unit’s zone', () => {
    expect(runDateOf('2027-05-03 08:00', 'Asia/Jayapura')).toBe('2027-05-02T23:00:00.000Z');
  });
});

describe('monthsOf: every local month of a recap period', () => {
  it('from the month of from to the month of the last instant before to', () => {
    expect(monthsOf('2025-11-01T00:00:00+07:00', '2026-02-01T00:00:00+07:00', 'Asia/Jakarta')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
    // 23:30 UTC on 31 January is already 1 February in WIB.
    expect(monthsOf('2026-01-31T23:30:00Z', '2026-02-02T00:00:00Z', 'Asia/Jakarta')).toEqual(['2026-02']);
  });
});
