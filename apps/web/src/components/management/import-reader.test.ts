import { describe, expect, it } from 'vitest';
import { coerceCell, headerKey, mapHeaders, readSheetRows } from './import-reader';

const aliases = {
  nomorPolisi: ['Plate number', 'Nomor polisi'],
  speedLimit: ['Speed limit (km/h)', 'Batas kecepatan (km/jam)'],
  aktif: ['Active', 'Aktif'],
};
const kinds = { nomorPolisi: 'text', speedLimit: 'number', aktif: 'boolean' } as const;

describe('import header mapping', () => {
  it('compares headers without case, spaces or punctuation', () => {
    expect(headerKey(' Nomor_Polisi ')).toBe('nomorpolisi');
    expect(headerKey('Speed limit (km/h)')).toBe('speedlimitkmh');
    expect(headerKey(null)).toBe('');
  });

  it('maps spec names and labels in both languages, reports unknown headers, reads a field once', () => {
    const mapped = mapHeaders(
      ['nomorPolisi', 'BATAS KECEPATAN (KM/JAM)', 'Colour', '', 'Plate number', 'aktif'],
      aliases,
    );
    expect(mapped.fields).toEqual(['nomorPolisi', 'speedLimit', null, null, null, 'aktif']);
    expect(mapped.unknown).toEqual(['Colour']);
  });
});

describe('import cell coercion', () => {
  it.each([
    ['80', 80],
    [' 80,5 ', 80.5],
    ['80.5', 80.5],
    ['12.345,6', 12345.6],
    ['12,345.6', 12345.6],
    [95, 95],
    ['fast', 'fast'],
  ])('number %j → %j', (cell, value) => expect(coerceCell(cell, 'number')).toBe(value));

  it.each([
    ['Ya', true],
    ['tidak', false],
    ['Non-aktif', false],
    ['Tidak aktif', false],
    ['TRUE', true],
    [1, true],
    [0, false],
    [false, false],
    ['maybe', 'maybe'],
  ])('boolean %j → %j', (cell, value) => expect(coerceCell(cell, 'boolean')).toBe(value));

  it.each([
    [new Date(Date.UTC(2027, 2, 5)), '2027-03-05'],
    ['05/03/2027', '2027-03-05'],
    ['5-3-2027', '2027-03-05'],
    ['2027-03-05', '2027-03-05'],
    ['2027-03-05T00:00:00.000Z', '2027-03-05'],
    [46451, '2027-03-05'],
    ['31/02/2027', '31/02/2027'],
    ['soon', 'soon'],
  ])('date %j → %j', (cell, value) => expect(coerceCell(cell, 'date')).toBe(value));

  it('keeps text as text and puts back the 0 a spreadsheet drops from a phone number', () => {
    expect(coerceCell(359710049095895, 'text')).toBe('359710049095895');
    expect(coerceCell('  B 1 AB ', 'text')).toBe('B 1 AB');
    expect(coerceCell(81287654321, 'phone')).toBe('081287654321');
    expect(coerceCell(6281287654321, 'phone')).toBe('6281287654321');
    expect(coerceCell('+62 812', 'phone')).toBe('+62 812');
  });

  it('splits lists and leaves empty cells out', () => {
    expect(coerceCell('Jakarta, Cikarang;  Priok ', 'list')).toEqual(['Jakarta', 'Cikarang', 'Priok']);
    expect(coerceCell('', 'text')).toBeUndefined();
    expect(coerceCell('   ', 'number')).toBeUndefined();
    expect(coerceCell(null, 'date')).toBeUndefined();
  });
});

describe('reading a sheet', () => {
  it('skips a title row and blank rows, and remembers each row’s place in the sheet', () => {
    const sheet = readSheetRows(
      [
        ['Pantau vehicles — CC Jakarta'],
        ['Plate number', 'Speed limit (km/h)', 'Active', 'Colour'],
        ['B 1 AB', '80', 'Yes', 'red'],
        ['', null, '', ''],
        ['B 2 AB', '', 'no'],
      ],
      aliases,
      kinds,
    );
    expect(sheet).toEqual({
      rows: [
        { nomorPolisi: 'B 1 AB', speedLimit: 80, aktif: true },
        { nomorPolisi: 'B 2 AB', aktif: false },
      ],
      sheetRows: [3, 5],
      unknownHeaders: ['Colour'],
    });
  });

  it('answers null when no row names the columns', () => {
    expect(
      readSheetRows(
        [
          ['a', 'b'],
          ['1', '2'],
        ],
        aliases,
        kinds,
      ),
    ).toBeNull();
    expect(readSheetRows([], aliases, kinds)).toBeNull();
  });
});
