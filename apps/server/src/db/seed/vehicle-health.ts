import { standsByInPool } from '../../simulator/vehicle-plan.js';
import type { Db } from '../client.js';
import { availabilityHistory, incidents, maintenanceOrders, pretripChecks } from '../schema/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WIB = 7 * HOUR;

/** The start of the WIB day of `t`, as an instant. */
const wibDayStart = (t: number) => Math.floor((t + WIB) / DAY) * DAY - WIB;

/**
 * A unit's maintenance orders, incidents and pre-trip checks (P2H) on a fresh install, so the
 * availability page and the car-carrier days show trouble and readiness as facts: a breakdown and a
 * planned service open now on two vehicles standing in their pool, a KIR test and a service last week,
 * an accident last week closed after two days, and this morning's checks (all passed but one, held by
 * its defects). The stretches these records made are kept in the
 * availability history, as the live system would have kept them.
 */
export async function seedVehicleHealth(
  db: Db,
  o: { unitId: number; vehicleIds: readonly number[]; driverIds: readonly number[]; now: number },
): Promise<void> {
  const { unitId, now } = o;
  // The simulator parks these in their pools all day; the others drive the day's jobs.
  const inPool = o.vehicleIds.filter(standsByInPool);
  const driving = o.vehicleIds.filter((id) => !standsByInPool(id));
  if (inPool.length < 4 || driving.length < 3) return;
  const [broken, serviced, ...standing] = inPool as [number, number, ...number[]];
  const [kirTested, servicedBefore, crashed] = driving as [number, number, number];
  const lastWeek = wibDayStart(now) - 6 * DAY;
  const at = (day: number, hour: number) => new Date(day + hour * HOUR);

  const breakdown = { opened: new Date(now - 3 * HOUR - 15 * MINUTE) };
  const service = { opened: new Date(now - 50 * MINUTE) };
  const kir = { opened: at(lastWeek, 8), closed: at(lastWeek, 13.5) };
  const pastService = { opened: at(lastWeek + 3 * DAY, 7), closed: at(lastWeek + 3 * DAY, 11) };
  const accident = { opened: at(lastWeek - DAY, 15), closed: at(lastWeek + DAY, 15) };

  await db.insert(maintenanceOrders).values([
    {
      unitId,
      vehicleId: broken,
      kind: 'breakdown',
      openedAt: breakdown.opened,
      notes: 'Kopling selip, menunggu suku cadang',
    },
    {
      unitId,
      vehicleId: serviced,
      kind: 'preventive',
      openedAt: service.opened,
      notes: 'Servis berkala 40.000 km',
    },
    {
      unitId,
      vehicleId: kirTested,
      kind: 'kir',
      openedAt: kir.opened,
      closedAt: kir.closed,
      notes: 'Uji KIR di UPUBKB Pulo Gadung, lulus',
    },
    {
      unitId,
      vehicleId: servicedBefore,
      kind: 'preventive',
      openedAt: pastService.opened,
      closedAt: pastService.closed,
      notes: 'Ganti oli dan filter',
    },
  ]);
  await db.insert(incidents).values({
    unitId,
    vehicleId: crashed,
    kind: 'accident',
    openedAt: accident.opened,
    closedAt: accident.closed,
    notes: 'Serempetan di Tol Cikampek KM 34, bumper belakang diperbaiki',
  });

  // This morning's P2H of every vehicle not in the workshop, from 05:00 WIB a few minutes apart (never
  // ahead of now): one standing in its pool has defects, which hold it in pre-checking; the others
  // passed, so a vehicle back in its pool with its next SPK waiting is ready to go.
  const morning = wibDayStart(now) + 5 * HOUR;
  await db.insert(pretripChecks).values(
    [...standing, ...driving].map((vehicleId, k) => {
      const startedAt = Math.min(morning + k * 4 * MINUTE, now - 20 * MINUTE);
      const held = k === 1;
      return {
        unitId,
        vehicleId,
        driverId: o.driverIds.length ? o.driverIds[k % o.driverIds.length]! : null,
        startedAt: new Date(startedAt),
        passedAt: held ? null : new Date(Math.min(startedAt + 15 * MINUTE, now)),
        defects: held ? ['Lampu rem kiri mati', 'Tekanan ban depan kanan kurang'] : [],
        notes: held ? 'Menunggu mekanik' : null,
      };
    }),
  );

  await db.insert(availabilityHistory).values([
    { unitId, vehicleId: broken, category: 'wo_trouble', reason: 'wo_trouble_open', since: breakdown.opened },
    {
      unitId,
      vehicleId: serviced,
      category: 'maintenance',
      reason: 'maintenance_open',
      since: service.opened,
    },
    {
      unitId,
      vehicleId: kirTested,
      category: 'maintenance',
      reason: 'maintenance_open',
      since: kir.opened,
      until: kir.closed,
    },
    {
      unitId,
      vehicleId: servicedBefore,
      category: 'maintenance',
      reason: 'maintenance_open',
      since: pastService.opened,
      until: pastService.closed,
    },
    {
      unitId,
      vehicleId: crashed,
      category: 'incident',
      reason: 'incident_open',
      since: accident.opened,
      until: accident.closed,
    },
  ]);
}
