import { describe, expect, it } from 'vitest';
import { canonicalRow, coerceCell, listOf, markDuplicatesInFile, type CellKind } from './import-rows.js';

describe('coerceCell', () => {
  it.each<[unknown, CellKind, unknown]>([
    ['80', 'number', 80],
    [' 12,5 ', 'number', 12.5],
    [80, 'number', 80],
    ['delapan', 'number', 'delapan'],
    ['', 'number', undefined],
    [null, 'text', undefined],
    [860000000000001, 'text', '860000000000001'],
    ['ya', 'boolean', true],
    ['Yes', 'boolean', true],
    ['1', 'boolean', true],
    ['aktif', 'boolean', true],
    ['tidak', 'boolean', false],
    ['NO', 'boolean', false],
    [0, 'boolean', false],
    ['mungkin', 'boolean', 'mungkin'],
    ['2030-12-31', 'date', '2030-12-31'],
    ['31/12/2030', 'date', '2030-12-31'],
    ['1/2/2031', 'date', '2031-02-01'],
    ['2030-12-31T00:00:00.000Z', 'date', '2030-12-31'],
    [47848, 'date', '2030-12-31'],
    ['47848', 'date', '2030-12-31'],
    ['besok', 'date', 'besok'],
    [81287654321, 'phone', '081287654321'],
    ['+62 812 8765 4321', 'phone', '+62 812 8765 4321'],
  ])('%j as %s → %j', (value, kind, expected) => {
    expect(coerceCell(value, kind)).toEqual(expected);
  });
});

describe('canonicalRow', () => {
  it('matches column names ignoring case, spaces, dashes and underscores, and drops unknown ones', () => {
    expect(
      canonicalRow({ 'Nomor Polisi': 'B 1 A', nomor_kendaraan: 'X-1', Foo: 1 }, [
        'nomorPolisi',
        'nomorKendaraan',
      ]),
    ).toEqual({ nomorPolisi: 'B 1 A', nomorKendaraan: 'X-1' });
  });
});

describe('listOf and markDuplicatesInFile', () => {
  it('splits names on , and ;', () => {
    expect(listOf('Trailer; Rigid 6x2 ,')).toEqual(['Trailer', 'Rigid 6x2']);
    expect(listOf(undefined)).toEqual([]);
  });

  it('marks every later row repeating an earlier key, naming the first row (1-based)', () => {
    const rows = ['A', 'B', 'a', 'A'].map((k) => ({
      input: { k },
      errors: [] as { path: string; message: string }[],
    }));
    markDuplicatesInFile(rows, (i) => i.k.toLowerCase(), 'k', 'Key');
    expect(rows.map((r) => r.errors.map((e) => e.message))).toEqual([
      [],
      [],
      ['Key is the same as in row 1'],
      ['Key is the same as in row 1'],
    ]);
  });
});
