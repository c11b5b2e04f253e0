import { describe, expect, it } from 'vitest';
import { commitProblems, pathField, previewRows } from './import-preview';

describe('import preview', () => {
  it('puts browser problems and the dry run’s errors (rows from 1) on their rows, each field once', () => {
    const rows = previewRows(
      [{ nomorPolisi: 'B 1 AB' }, { nomorPolisi: 'x' }, { nomorPolisi: 'B 3 AB' }],
      [2, 3, 5],
      [{ index: 2, path: 'merkId', message: 'No brand named "Hinoo"' }],
      {
        total: 3,
        valid: 1,
        created: 0,
        rows: [
          { row: 1, errors: [] },
          { row: 2, errors: [{ path: 'nomorPolisi', message: 'Plate number must look like B 9471 UEY' }] },
          { row: 3, errors: [{ path: 'merkId', message: 'Unknown brand' }] },
        ],
      },
    );
    expect(rows.map((r) => [r.sheetRow, r.errors.map((e) => e.message)])).toEqual([
      [2, []],
      [3, ['Plate number must look like B 9471 UEY']],
      [5, ['No brand named "Hinoo"']],
    ]);
  });

  it('reads a refused commit’s `rows.<n>.<field>` paths (n from 0)', () => {
    expect(
      commitProblems([
        { path: 'rows.1.nomorPolisi', message: 'Plate number is already used' },
        { path: 'rows', message: 'The file has no rows' },
      ]),
    ).toEqual({
      problems: [{ index: 1, path: 'nomorPolisi', message: 'Plate number is already used' }],
      other: ['The file has no rows'],
    });
    expect(pathField('fleetIds.0')).toBe('fleetIds');
  });
});
