import { dayBound, localDay, WORK_ORDER_DEFAULTS, type WorkOrderInput } from '@pantau/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ConflictError, ValidationError, type FieldError } from '../../errors.js';
import type { WorkOrdersRepo } from './work-orders.repo.js';

const DAY_MS = 86_400_000;
/** Documents due within this many days warn (domain research §3.2). */
const WARN_DAYS = 30;

async function timeZoneOf(tx: Db, unitId: number): Promise<string> {
  const rows = rowsOf<{ time_zone: string }>(
    await tx.execute(sql`SELECT time_zone FROM units WHERE unit_id = ${unitId}`),
  );
  return rows[0]?.time_zone ?? 'Asia/Jakarta';
}

/** The run date as an instant: an ISO date-time, or a day (its midnight in the unit's zone). */
function runAtOf(value: string, timeZone: string): Date {
  const v = value.trim();
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(v)
    ? dayBound(v, 'start', timeZone)
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
      ? Date.parse(v)
      : NaN;
  if (!Number.isFinite(ms))
    throw new ValidationError('The run date cannot be read', [
      { path: 'runDate', message: 'Use a date (YYYY-MM-DD) or an ISO date-time with its offset' },
    ]);
  const d = new Date(ms);
  if (d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2100)
    throw new ValidationError('The run date is out of range', [
      { path: 'runDate', message: 'The run date must be between 2000 and 2100' },
    ]);
  return d;
}

/**
 * Checks an SPK before it is stored: refusals (unknown or inactive vehicle, driver or route, an
 * expired KIR, STNK or licence, two drivers the same, an overlapping SPK, a used SPK number) throw;
 * documents due soon are answered as warnings. Answers the values to store.
 */
export async function checkWorkOrder(
  repo: WorkOrdersRepo,
  tx: Db,
  unitId: number,
  input: WorkOrderInput,
  exceptId: number | null,
) {
  const errors: FieldError[] = [];
  const warnings: FieldError[] = [];
  const timeZone = await timeZoneOf(tx, unitId);
  const runAt = runAtOf(input.runDate, timeZone);
  const runDay = localDay(runAt, timeZone);
  const daysUntil = (due: string) => (Date.parse(due) - Date.parse(runDay)) / DAY_MS;

  const vehicle = await repo.vehicleOfUnit(unitId, input.kendaraanId, tx);
  if (!vehicle) errors.push({ path: 'kendaraanId', message: 'No such vehicle in this unit' });
  else {
    if (!vehicle.aktif) errors.push({ path: 'kendaraanId', message: `${vehicle.plate} is inactive` });
    for (const [doc, due] of [
      ['KIR', vehicle.kirDue],
      ['STNK', vehicle.stnkDue],
    ] as const) {
      if (!due) continue;
      const days = daysUntil(due);
      if (days < 0)
        errors.push({
          path: 'kendaraanId',
          message: `The ${doc} of ${vehicle.plate} expired on ${due}, before the run date`,
        });
      else if (days <= WARN_DAYS)
        warnings.push({ path: 'kendaraanId', message: `The ${doc} of ${vehicle.plate} is due on ${due}` });
    }
  }

  if (input.coPengemudiId !== null && input.coPengemudiId === input.pengemudiId)
    errors.push({ path: 'coPengemudiId', message: 'Driver 2 must be another driver than driver 1' });
  const driverIds = [input.pengemudiId, input.coPengemudiId].filter((d): d is number => d !== null);
  const found = new Map((await repo.driversOfUnit(unitId, driverIds, tx)).map((d) => [d.driverId, d]));
  for (const [path, driverId] of [
    ['pengemudiId', input.pengemudiId],
    ['coPengemudiId', input.coPengemudiId],
  ] as const) {
    if (driverId === null) continue;
    const d = found.get(driverId);
    if (!d) errors.push({ path, message: 'No such driver in this unit' });
    else if (!d.aktif) errors.push({ path, message: `${d.name} is inactive` });
    else if (d.licenceExpiry) {
      const days = daysUntil(d.licenceExpiry);
      if (days < 0)
        errors.push({ path, message: `The driving licence of ${d.name} expired on ${d.licenceExpiry}` });
      else if (days <= WARN_DAYS)
        warnings.push({ path, message: `The driving licence of ${d.name} is due on ${d.licenceExpiry}` });
    }
  }

  let route: Awaited<ReturnType<WorkOrdersRepo['routeOfUnit']>> = undefined;
  if (input.trayekId !== null) {
    route = await repo.routeOfUnit(unitId, input.trayekId, tx);
    if (!route) errors.push({ path: 'trayekId', message: 'No such route in this unit' });
    else if (!route.aktif) errors.push({ path: 'trayekId', message: 'The route is inactive' });
  }
  const originId = input.originPolygonId ?? route?.originGeofenceId ?? null;
  const destinationId = input.destinationPolygonId ?? route?.destinationGeofenceId ?? null;
  const places = new Set(
    (
      await repo.geofencesOfUnit(
        unitId,
        [input.originPolygonId, input.destinationPolygonId].filter((x): x is number => x !== null),
        tx,
      )
    ).map((g) => g.geofenceId),
  );
  if (input.originPolygonId !== null && !places.has(input.originPolygonId))
    errors.push({ path: 'originPolygonId', message: 'No such geofence in this unit' });
  if (input.destinationPolygonId !== null && !places.has(input.destinationPolygonId))
    errors.push({ path: 'destinationPolygonId', message: 'No such geofence in this unit' });
  if (errors.length) throw new ValidationError(errors[0]!.message, errors);

  const standardCircle = route?.circleTimeMinutes ?? null;
  const plannedEnd = new Date(
    runAt.getTime() + (standardCircle ?? WORK_ORDER_DEFAULTS.defaultPeriodHours * 60) * 60_000,
  );

  if (await repo.spkNumberHolder(unitId, input.spkNumber, exceptId, tx))
    throw new ConflictError('Another SPK already has this number', [
      { path: 'spkNumber', message: 'Already used by another SPK of this unit' },
    ]);
  const clashes = await repo.overlapping(
    unitId,
    { vehicleId: input.kendaraanId, driverIds },
    runAt,
    plannedEnd,
    exceptId,
    tx,
  );
  const conflicts: FieldError[] = [];
  for (const c of clashes) {
    if (c.vehicleId === input.kendaraanId)
      conflicts.push({
        path: 'kendaraanId',
        message: `The vehicle runs SPK ${c.spkNumber} in this period`,
      });
    for (const [path, driverId] of [
      ['pengemudiId', input.pengemudiId],
      ['coPengemudiId', input.coPengemudiId],
    ] as const)
      if (driverId !== null && (c.driverId === driverId || c.coDriverId === driverId))
        conflicts.push({ path, message: `The driver runs SPK ${c.spkNumber} in this period` });
  }
  if (conflicts.length) throw new ConflictError(conflicts[0]!.message, conflicts);

  return {
    values: {
      unitId,
      kind: input.kind,
      spkNumber: input.spkNumber,
      dtNumber: input.dtNumber,
      vehicleId: input.kendaraanId,
      driverId: input.pengemudiId,
      coDriverId: input.coPengemudiId,
      routeId: input.trayekId,
      runAt,
      plannedEnd,
      originGeofenceId: originId,
      destinationGeofenceId: destinationId,
      customer: input.customer,
      loadCount: input.loadCount,
      loadDescription: input.loadDescription,
      kosongan: input.kosongan,
      notes: input.notes,
      standardLeadMinutes: route?.leadTimeMinutes ?? null,
      standardCircleMinutes: standardCircle,
    },
    warnings,
  };
}
