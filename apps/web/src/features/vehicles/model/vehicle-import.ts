import { vehicleClasses, type DriverRow } from '@pantau/contracts';
import { headerKey } from '../../../components/management/import-reader';
import type { PreparedRows, RowProblem } from '../../../components/management/import-preview';
import { en, id } from '../../../locales/resources';

export type ImportDriverRef = Pick<DriverRow, 'pengemudiId' | 'name' | 'employeeNumber'>;

export type VehicleImportProblem = 'unknownDriver' | 'ambiguousDriver';

/** A class as written in a file: `CC`, `truck`, `Car carrier`, `Truk`. */
export function vehicleClassOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const key = headerKey(value);
  for (const c of vehicleClasses) {
    if (
      [c, en.common.status.vehicleClass[c], id.common.status.vehicleClass[c]].some(
        (name) => headerKey(name) === key,
      )
    )
      return c;
  }
  return value;
}

/**
 * Readies the rows for `POST /api/kendaraan/import`, which looks up brand, type and fleet names itself
 * and drivers by employee number: a driver written by name (as the export writes it) becomes their
 * employee number, a class label in either language its code, a list of fleets one `a, b` cell.
 * A driver name that matches nobody, or several drivers, is a problem on that row's column.
 */
export function prepareVehicleRows(
  rows: readonly Record<string, unknown>[],
  drivers: readonly ImportDriverRef[],
  message: (problem: VehicleImportProblem, value: string) => string,
): PreparedRows {
  const problems: RowProblem[] = [];
  const same = (a: string, b: unknown) => headerKey(a) === headerKey(b);

  const employeeNumberOf = (index: number, path: string, value: unknown): unknown => {
    if (drivers.some((d) => same(d.employeeNumber, value))) return value;
    const named = drivers.filter((d) => same(d.name, value));
    if (named.length === 1) return named[0]?.employeeNumber;
    problems.push({
      index,
      path,
      message: message(named.length ? 'ambiguousDriver' : 'unknownDriver', String(value)),
    });
    return value;
  };

  const prepared = rows.map((source, index) => {
    const row = { ...source };
    if (row.vehicleClass !== undefined) row.vehicleClass = vehicleClassOf(row.vehicleClass);
    if (Array.isArray(row.fleet)) row.fleet = row.fleet.join(', ');
    for (const column of ['pengemudi', 'coPengemudi']) {
      if (row[column] !== undefined) row[column] = employeeNumberOf(index, column, row[column]);
    }
    return row;
  });
  return { rows: prepared, problems };
}
