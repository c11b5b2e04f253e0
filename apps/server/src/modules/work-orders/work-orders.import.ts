import {
  dayBound,
  WORK_ORDER_IMPORT_COLUMNS,
  workOrderInput,
  type ImportRequest,
  type WorkOrderImportResponse,
  type WorkOrderInput,
} from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { ConflictError, ValidationError, type FieldError } from '../../errors.js';
import {
  checkedRowOf,
  draftOf,
  importChecked,
  isBlank,
  markDuplicatesInFile,
  type CellKind,
  type CheckedRow,
} from '../../lib/import-rows.js';
import { recordAudits } from '../audit/audit.repo.js';
import { diffFields } from '../audit/audit.js';
import type { Actor } from '../kit/actor.js';
import { uniqueViolationOf } from '../kit/unique-violation.js';
import type { ImportNames, WorkOrderImportRepo } from './work-orders-import.repo.js';
import type { WorkOrdersRepo } from './work-orders.repo.js';
import type { WorkOrdersService } from './work-orders.service.js';

/** Columns read as they are; the others name something of the unit. */
const CELLS: Record<string, CellKind> = {
  kind: 'text',
  spkNumber: 'text',
  dtNumber: 'text',
  customer: 'text',
  loadCount: 'number',
  loadDescription: 'text',
  kosongan: 'boolean',
  notes: 'text',
};

/** An input field's errors are reported on the column the file used for it. */
const COLUMN_OF: Record<string, string> = {
  kendaraanId: 'nomorPolisi',
  pengemudiId: 'pengemudi',
  coPengemudiId: 'coPengemudi',
  trayekId: 'trayek',
  originPolygonId: 'origin',
  destinationPolygonId: 'destination',
};

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const plateKey = (v: unknown) => String(v).replace(/\s+/g, '').toUpperCase();
const lower = (v: unknown) => String(v).trim().toLowerCase();

/** A wall-clock time in the unit's zone as an ISO instant; null when it is no real time. */
function localInstant(day: string, h: number, m: number, s: number, timeZone: string): string | null {
  if (h > 23 || m > 59 || s > 59 || Number.isNaN(Date.parse(day))) return null;
  return new Date(dayBound(day, 'start', timeZone) + ((h * 60 + m) * 60 + s) * 1000).toISOString();
}

/**
 * The run date cell as the input takes it: a day (`YYYY-MM-DD`, or `DD/MM/YYYY` as Indonesians write
 * it) or a date-time with its offset; a date-time without one, or a spreadsheet's date-time serial, is
 * the unit's wall clock. Anything else is passed on, so the check names `runDate`.
 */
export function runDateOf(value: unknown, timeZone: string): unknown {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0 && value < 200_000) {
    const days = Math.floor(value);
    const day = new Date(EXCEL_EPOCH_MS + days * DAY_MS).toISOString().slice(0, 10);
    const minutes = Math.round((value - days) * 1440);
    if (minutes === 0) return day;
    return localInstant(day, Math.floor(minutes / 60) % 24, minutes % 60, 0, timeZone) ?? value;
  }
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return text;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (ymd) {
    const [, y, mo, d, h, mi, s] = ymd;
    return localInstant(`${y}-${mo}-${d}`, Number(h), Number(mi), Number(s ?? 0), timeZone) ?? text;
  }
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2})[:.](\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (dmy) {
    const [, d, mo, y, h, mi, s] = dmy;
    const day = `${y}-${pad(Number(mo))}-${pad(Number(d))}`;
    if (h === undefined) return day;
    return localInstant(day, Number(h), Number(mi), Number(s ?? 0), timeZone) ?? text;
  }
  return text;
}

/** Vehicle, drivers, route and geofences of a row by plate, employee number or name, and code. */
function resolveNames(cells: Record<string, unknown>, names: ImportNames, errors: FieldError[]) {
  const ids: Record<string, unknown> = {};
  if (!isBlank(cells.nomorPolisi)) {
    const vehicle = names.vehicles.find((v) => plateKey(v.plate) === plateKey(cells.nomorPolisi));
    if (vehicle) ids.kendaraanId = vehicle.id;
    else
      errors.push({
        path: 'nomorPolisi',
        message: `No vehicle with plate ${String(cells.nomorPolisi)} in this unit`,
      });
  }
  for (const [column, field] of [
    ['pengemudi', 'pengemudiId'],
    ['coPengemudi', 'coPengemudiId'],
  ] as const) {
    if (isBlank(cells[column])) continue;
    const wanted = lower(cells[column]);
    const byNumber = names.drivers.find((d) => d.employeeNumber.toLowerCase() === wanted);
    const byName = names.drivers.filter((d) => d.name.trim().toLowerCase() === wanted);
    if (byNumber) ids[field] = byNumber.id;
    else if (byName.length === 1) ids[field] = byName[0]!.id;
    else
      errors.push({
        path: column,
        message:
          byName.length > 1
            ? `${byName.length} drivers are named ${String(cells[column])}; give the employee number (NIK)`
            : `No driver with employee number or name ${String(cells[column])} in this unit`,
      });
  }
  for (const [column, field, list, what] of [
    ['trayek', 'trayekId', names.routes, 'route'],
    ['origin', 'originPolygonId', names.geofences, 'geofence'],
    ['destination', 'destinationPolygonId', names.geofences, 'geofence'],
  ] as const) {
    if (isBlank(cells[column])) continue;
    const found = list.find((r) => r.code.toLowerCase() === lower(cells[column]));
    if (found) ids[field] = found.id;
    else errors.push({ path: column, message: `No ${what} with code ${String(cells[column])} in this unit` });
  }
  return ids;
}

/** One file row read into an SPK input, as a create would take it (the database's checks come later). */
export function readImportedWorkOrder(
  raw: Record<string, unknown>,
  names: ImportNames,
  timeZone: string,
): CheckedRow<WorkOrderInput> {
  const columns = [...WORK_ORDER_IMPORT_COLUMNS];
  const { cells, draft } = draftOf(raw, columns, CELLS, {
    kind: (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  });
  const runDate = runDateOf(cells.runDate, timeZone);
  if (!isBlank(runDate)) draft.runDate = typeof runDate === 'number' ? String(runDate) : runDate;
  const errors: FieldError[] = [];
  Object.assign(draft, resolveNames(cells, names, errors));
  const row = checkedRowOf(workOrderInput, draft, [], COLUMN_OF);
  // A name the unit does not know is reported on its column; the schema need not say it is missing.
  const named = new Set(errors.map((e) => e.path));
  return { input: row.input, errors: [...row.errors.filter((e) => !named.has(e.path)), ...errors] };
}

type Values = Awaited<ReturnType<WorkOrdersService['checked']>>['values'];
interface Checked {
  values: Values;
  warnings: FieldError[];
}

/**
 * Rows of one file that would run at the same time: the later row is refused, naming the vehicle or
 * driver column, as a create after the earlier one would be.
 */
function markOverlapsInFile(rows: CheckedRow<Checked>[]) {
  rows.forEach((row, i) => {
    if (!row.input) return;
    const a = row.input.values;
    for (let j = 0; j < i; j++) {
      const b = rows[j]!.input?.values;
      if (!b || !(a.runAt < b.plannedEnd && b.runAt < a.plannedEnd)) continue;
      if (a.vehicleId === b.vehicleId)
        row.errors.push({
          path: 'nomorPolisi',
          message: `The vehicle runs SPK ${b.spkNumber} (row ${j + 1}) in this period`,
        });
      for (const [path, driverId] of [
        ['pengemudi', a.driverId],
        ['coPengemudi', a.coDriverId],
      ] as const)
        if (driverId !== null && (b.driverId === driverId || b.coDriverId === driverId))
          row.errors.push({
            path,
            message: `The driver runs SPK ${b.spkNumber} (row ${j + 1}) in this period`,
          });
    }
  });
}

const renamed = (errors: FieldError[] | undefined) =>
  (errors ?? []).map((e) => ({ ...e, path: COLUMN_OF[e.path] ?? e.path }));

/**
 * `POST /api/spk/import`: every row checked as a create is (`service.checked`: vehicle, drivers, route,
 * documents, a used number, an SPK of the unit in the same period), plus numbers and periods that
 * clash within the file. A dry run answers each row's errors and warnings; otherwise every row is
 * stored in one transaction (each audited as an import), or none when any row is at fault (400).
 */
export function createWorkOrderImport(deps: {
  db: Db;
  repo: WorkOrdersRepo;
  importRepo: WorkOrderImportRepo;
  service: Pick<WorkOrdersService, 'checked'>;
  rematch: (workOrderId: number) => Promise<void>;
  changed: (unitId: number) => Promise<void>;
}) {
  const { db, repo, importRepo, service } = deps;

  async function checkedRows(unitId: number, raws: Record<string, unknown>[]) {
    const [names, timeZone] = await Promise.all([importRepo.namesOf(unitId), importRepo.timeZoneOf(unitId)]);
    const rows: CheckedRow<Checked>[] = [];
    for (const raw of raws) {
      const read = readImportedWorkOrder(raw, names, timeZone);
      if (!read.input) {
        rows.push({ input: null, errors: read.errors });
        continue;
      }
      try {
        const checked = await service.checked(unitId, read.input, null);
        rows.push({ input: checked, errors: read.errors });
      } catch (err) {
        if (!(err instanceof ValidationError || err instanceof ConflictError)) throw err;
        rows.push({ input: null, errors: [...read.errors, ...renamed(err.errors)] });
      }
    }
    markDuplicatesInFile(rows, (c) => c.values.spkNumber.toLowerCase(), 'spkNumber', 'SPK number');
    markOverlapsInFile(rows);
    return rows;
  }

  return {
    async importRows(actor: Actor, unitId: number, request: ImportRequest): Promise<WorkOrderImportResponse> {
      const rows = await checkedRows(unitId, request.rows);
      const warnings = rows.flatMap((r, i) =>
        (r.input?.warnings ?? []).map((w) => ({
          row: i + 1,
          path: COLUMN_OF[w.path] ?? w.path,
          message: w.message,
        })),
      );
      const ids: number[] = [];
      const answer = await importChecked(rows, {
        dryRun: request.dryRun,
        conflictsOf: async () => () => [],
        async store(inputs) {
          await db
            .transaction(async (tx) => {
              for (const { values } of inputs)
                ids.push(await repo.insert({ ...values, createdBy: actor.userId }, tx));
              await recordAudits(
                tx,
                actor,
                inputs.map(({ values }, i) => ({
                  unitId,
                  action: 'import',
                  entity: 'work_order',
                  entityId: ids[i]!,
                  label: values.spkNumber,
                  changes: diffFields(null, values),
                })),
              );
            })
            .catch((err: unknown) => {
              if (uniqueViolationOf(err)?.constraint === 'work_orders_unit_spk_number_unique')
                throw new ConflictError('Another SPK already has one of these numbers', [
                  { path: 'rows', message: 'An SPK number was used meanwhile; check the file again' },
                ]);
              throw err;
            });
        },
      });
      if (ids.length) {
        for (const id of ids) await deps.rematch(id);
        await deps.changed(unitId);
      }
      return { ...answer, warnings };
    },
  };
}

export type WorkOrderImport = ReturnType<typeof createWorkOrderImport>;
