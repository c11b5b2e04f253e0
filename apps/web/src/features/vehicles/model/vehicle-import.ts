import { vehicleClasses } from '@pantau/contracts';
import { headerKey } from '../../../components/management/import-reader';
import type { PreparedRows, RowProblem } from '../../../components/management/import-preview';
import { en, id } from '../../../locales/resources';

export interface VehicleImportRefs {
  brands: readonly { merkId: number; merk: string; tipe: readonly { tipeId: number; tipe: string }[] }[];
  fleets: readonly { fleetId: number; fleetName: string }[];
  drivers: readonly { pengemudiId: number; name: string; employeeNumber: string }[];
}

export type VehicleImportProblem =
  'unknownBrand' | 'unknownType' | 'unknownFleet' | 'unknownDriver' | 'ambiguousDriver';

/** A class as written in a file: `CC`, `truck`, `Car carrier`, `Truk`. */
export function vehicleClassOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const key = headerKey(value);
  for (const c of vehicleClasses) {
    if ([c, en.vehicles.classes[c], id.vehicles.classes[c]].some((name) => headerKey(name) === key)) return c;
  }
  return value;
}

const asId = (value: unknown): unknown => {
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
  return value;
};

/**
 * Turns the names a person writes (brand, type, fleets, drivers, class) into the ids the API takes.
 * A name that matches nothing becomes a problem on its field and the row keeps no id for it, so the
 * preview shows every row's faults before anything is sent for real.
 */
export function prepareVehicleRows(
  rows: readonly Record<string, unknown>[],
  refs: VehicleImportRefs,
  message: (problem: VehicleImportProblem, value: string) => string,
): PreparedRows {
  const problems: RowProblem[] = [];
  const same = (a: string, b: unknown) => headerKey(a) === headerKey(b);

  const driverId = (index: number, path: string, value: unknown): number | undefined => {
    const matches = refs.drivers.filter((d) => same(d.name, value) || same(d.employeeNumber, value));
    const exact = matches.filter((d) => same(d.employeeNumber, value));
    const found = exact.length === 1 ? exact : matches;
    if (found.length === 1) return found[0]?.pengemudiId;
    problems.push({
      index,
      path,
      message: message(found.length ? 'ambiguousDriver' : 'unknownDriver', String(value)),
    });
    return undefined;
  };

  const prepared = rows.map((source, index) => {
    const { merk, tipe, fleet, pengemudi, coPengemudi, ...row } = source;
    if (row.vehicleClass !== undefined) row.vehicleClass = vehicleClassOf(row.vehicleClass);
    for (const key of ['merkId', 'tipeId', 'pengemudiId', 'coPengemudiId']) {
      if (row[key] !== undefined) row[key] = asId(row[key]);
    }
    if (Array.isArray(row.fleetIds)) row.fleetIds = row.fleetIds.map(asId);

    let brand = refs.brands.find((b) => b.merkId === row.merkId);
    if (merk !== undefined && row.merkId === undefined) {
      brand = refs.brands.find((b) => same(b.merk, merk));
      if (brand) row.merkId = brand.merkId;
      else problems.push({ index, path: 'merkId', message: message('unknownBrand', String(merk)) });
    }
    if (tipe !== undefined && row.tipeId === undefined) {
      const types = brand ? brand.tipe : refs.brands.flatMap((b) => b.tipe);
      const type = types.find((t) => same(t.tipe, tipe));
      if (type) row.tipeId = type.tipeId;
      else problems.push({ index, path: 'tipeId', message: message('unknownType', String(tipe)) });
    }
    if (Array.isArray(fleet) && row.fleetIds === undefined) {
      const ids: number[] = [];
      for (const name of fleet) {
        const found = refs.fleets.find((f) => same(f.fleetName, name));
        if (found) ids.push(found.fleetId);
        else problems.push({ index, path: 'fleetIds', message: message('unknownFleet', String(name)) });
      }
      row.fleetIds = ids;
    }
    if (pengemudi !== undefined && row.pengemudiId === undefined) {
      row.pengemudiId = driverId(index, 'pengemudiId', pengemudi);
    }
    if (coPengemudi !== undefined && row.coPengemudiId === undefined) {
      row.coPengemudiId = driverId(index, 'coPengemudiId', coPengemudi);
    }
    for (const key of Object.keys(row)) if (row[key] === undefined) delete row[key];
    return row;
  });
  return { rows: prepared, problems };
}
