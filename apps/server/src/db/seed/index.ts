import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.js';
import type { Db } from '../client.js';
import {
  brands,
  drivers,
  events,
  fleets,
  units,
  userGroups,
  users,
  vehicleFleets,
  vehicles,
  vehicleTypes,
} from '../schema/index.js';
import {
  ccConfigs,
  DEMO_PASSWORD,
  demoEmail,
  demoUnits,
  demoUsers,
  driverNames,
  demoAlarms,
  eventKinds,
  eventPlaces,
  forbiddenPlates,
  gsmPrefixes,
  truckConfigs,
} from './catalog.js';
import { placeAndText } from '../../places/place-names.js';
import { createRandom, luhnCheckDigit, type Random } from './prng.js';
import { seedUnitGeography } from './geography.js';
import { seedVehicleHealth } from './vehicle-health.js';

export { demoCredentials, DEMO_PASSWORD } from './catalog.js';

const DAY_MS = 86_400_000;
const isoDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/** True when the database holds no unit yet (a fresh install). */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(units);
  return (row?.n ?? 0) === 0;
}

/** True when the demo accounts exist (the banner prints them). */
export async function hasDemoUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.username, demoUsers[0].username));
  return (row?.n ?? 0) > 0;
}

function plateFor(rnd: Random, spec: (typeof demoUnits)[number]['plate'], used: Set<string>): string {
  for (;;) {
    const length = rnd.int(spec.suffixLength[0], spec.suffixLength[1]);
    let suffix = rnd.pick(spec.suffixFirst);
    while (suffix.length < length) suffix += String.fromCharCode(65 + rnd.int(0, 25));
    const plate = `${spec.region} ${rnd.int(8000, 9999)} ${suffix}`;
    if (!used.has(plate) && !forbiddenPlates.has(plate)) {
      used.add(plate);
      return plate;
    }
  }
}

function imei(rnd: Random, used: Set<string>): string {
  for (;;) {
    // 8-digit TAC of a common tracker maker range, then a 6-digit serial, then the Luhn digit.
    const body = `8635850${rnd.int(0, 9)}${String(rnd.int(0, 999_999)).padStart(6, '0')}`;
    const id = body + luhnCheckDigit(body);
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

const gsm = (rnd: Random) => `+62${rnd.pick(gsmPrefixes)}${rnd.int(1000, 9999)}${rnd.int(1000, 9999)}`;

/** The days before `now` the sample events span. */
export const SAMPLE_EVENT_DAYS = 3;

/**
 * Seeds the demo company (domain.md §7) into an empty database. Deterministic apart from `now`,
 * which anchors document dates and event times. `sampleEvents` (default true) adds past events of
 * every kind over the last three days, for a database without a history of that length through the
 * rules (the tests' seed, a short back-fill); with false none: the demo's back-filled week then has
 * the violations and alarms its own tracks made, where they made them.
 */
export async function seedDemo(
  db: Db,
  opts: { now?: Date; sampleEvents?: boolean } = {},
): Promise<{ vehicles: number; events: number }> {
  const sampleEvents = opts.sampleEvents ?? true;
  const now = (opts.now ?? new Date()).getTime();
  const rnd = createRandom(20240817);
  const passwordHashes = await Promise.all(demoUsers.map(() => hashPassword(DEMO_PASSWORD)));
  const usedPlates = new Set<string>();
  const usedImeis = new Set<string>();
  let vehicleCount = 0;
  let eventCount = 0;

  await db.transaction(async (tx) => {
    const unitRows = await tx
      .insert(units)
      .values(demoUnits.map((u) => ({ unitName: u.name })))
      .returning({ unitId: units.unitId });

    const typeIds = new Map<string, { brandId: number; vehicleTypeId: number }>();
    for (const c of [...ccConfigs, ...truckConfigs]) {
      let brand = await tx.query.brands.findFirst({ where: (b, { eq }) => eq(b.name, c.brand) });
      if (!brand) [brand] = await tx.insert(brands).values({ name: c.brand }).returning();
      const [type] = await tx
        .insert(vehicleTypes)
        .values({ brandId: brand!.brandId, name: c.type })
        .returning({ vehicleTypeId: vehicleTypes.vehicleTypeId });
      typeIds.set(`${c.brand}/${c.type}`, { brandId: brand!.brandId, vehicleTypeId: type!.vehicleTypeId });
    }

    let nameIndex = 0;
    for (const [ui, unit] of demoUnits.entries()) {
      const unitId = unitRows[ui]!.unitId;
      const fleetRows = await tx
        .insert(fleets)
        .values(unit.fleets.map((fleetName) => ({ unitId, fleetName })))
        .returning({ fleetId: fleets.fleetId });
      await seedUnitGeography(tx, unitId, unit.key);
      const configs = unit.vehicleClass === 'CC' ? ccConfigs : truckConfigs;

      const vehicleIds: number[] = [];
      const activeIds: number[] = [];
      for (let i = 1; i <= unit.vehicles; i++) {
        const c = configs[(i - 1) % configs.length]!;
        const ids = typeIds.get(`${c.brand}/${c.type}`)!;
        const dedicated = i % 5 === 0 ? unit.dedicated : null;
        const year = rnd.int(2012, 2024);
        const gpsKm = rnd.int(40_000, 420_000);
        const [row] = await tx
          .insert(vehicles)
          .values({
            unitId,
            trackerId: imei(rnd, usedImeis),
            registrationNumber: rnd.chance(0.9) ? String(rnd.int(10_000_000, 99_999_999)) : null,
            plateNumber: plateFor(rnd, unit.plate, usedPlates),
            hullNumber: `${unit.hullPrefix}${String(i).padStart(2, '0')}`,
            brandId: ids.brandId,
            vehicleTypeId: ids.vehicleTypeId,
            vehicleClass: unit.vehicleClass,
            capacity: c.capacity ? rnd.int(c.capacity[0], c.capacity[1]) : null,
            dedicatedCustomer: dedicated,
            pool: unit.pool,
            erpOdometer: gpsKm + rnd.int(-900, 900),
            gpsOdometer: gpsKm,
            odometer: gpsKm,
            engineHour: Math.round(gpsKm / rnd.int(35, 45)),
            year,
            notes: i % 7 === 0 ? 'Ban cadangan diganti bulan lalu' : null,
            icon: unit.vehicleClass === 'CC' ? 'car-carrier' : 'truck',
            gsmNumber: gsm(rnd),
            smsAlert: rnd.chance(0.3),
            speedLimit: c.speedLimit,
            // Every sixth unit has a document due within 30 days, a few already overdue.
            stnkDue: isoDate(now + (i % 6 === 0 ? rnd.int(-5, 30) : rnd.int(31, 365)) * DAY_MS),
            kirDue: isoDate(now + (i % 4 === 0 ? rnd.int(-3, 30) : rnd.int(31, 180)) * DAY_MS),
            aktif: i % 11 !== 0,
          })
          .returning({ vehicleId: vehicles.vehicleId });
        vehicleIds.push(row!.vehicleId);
        if (i % 11 !== 0) activeIds.push(row!.vehicleId);
        const memberships = [fleetRows[c.fleet]!.fleetId];
        if (dedicated) memberships.push(fleetRows[2]!.fleetId);
        await tx
          .insert(vehicleFleets)
          .values(memberships.map((fleetId) => ({ vehicleId: row!.vehicleId, fleetId })));
      }
      vehicleCount += vehicleIds.length;

      const driverRows = await tx
        .insert(drivers)
        .values(
          Array.from({ length: unit.drivers }, (_, k) => ({
            unitId,
            name: driverNames[nameIndex++ % driverNames.length]!,
            employeeNumber: `EMP-${ui + 1}${String(k + 1).padStart(3, '0')}`,
            licenceClass: unit.vehicleClass === 'CC' && k % 2 === 1 ? 'SIM B2 Umum' : 'SIM B1 Umum',
            licenceExpiry: isoDate(now + rnd.int(-10, 5 * 365) * DAY_MS),
            phone: gsm(rnd),
            aktif: k !== unit.drivers - 1,
          })),
        )
        .returning({ driverId: drivers.driverId });
      // Each active vehicle gets an active driver (round robin); car carriers on long runs a second one.
      const activeDrivers = driverRows.slice(0, -1);
      for (const [k, vehicleId] of vehicleIds.entries()) {
        const driver = activeDrivers[k % activeDrivers.length]!;
        const coDriver =
          unit.vehicleClass === 'CC' && k % 3 === 0 ? activeDrivers[(k + 1) % activeDrivers.length]! : null;
        await tx
          .update(vehicles)
          .set({ driverId: driver.driverId, coDriverId: coDriver?.driverId ?? null })
          .where(eq(vehicles.vehicleId, vehicleId));
      }

      // The demo Administrator's unit: maintenance, an incident and this morning's checks.
      if (ui === 0)
        await seedVehicleHealth(tx, {
          unitId,
          vehicleIds: activeIds,
          driverIds: activeDrivers.map((d) => d.driverId),
          now,
        });

      // Past events over the last three days, each at a distinct minute so newest-first is unambiguous.
      const offsets = new Set<number>();
      while (offsets.size < unit.events) offsets.add(rnd.int(10, SAMPLE_EVENT_DAYS * 24 * 60));
      const eventRows = [...offsets].map((minutesAgo, k) => {
        const kind = eventKinds[(k + ui) % eventKinds.length]!;
        const startedAt = now - minutesAgo * 60_000;
        const durationS = kind === 'overstop' ? rnd.int(35, 120) * 60 : rnd.int(15, 240);
        const place = rnd.pick(eventPlaces);
        // Limits as the rules store them: km/h for an over-speed, the allowed minutes for an over-stop.
        const limit = kind === 'overspeed' ? 80 : kind === 'overstop' ? 30 : null;
        const row = {
          unitId,
          vehicleId: rnd.pick(vehicleIds),
          driverId: rnd.chance(0.8) ? rnd.pick(driverRows).driverId : null,
          kind,
          startedAt: new Date(startedAt),
          endedAt: new Date(startedAt + durationS * 1000),
          durationS,
          maxValue: kind === 'overspeed' ? rnd.int(85, 112) : null,
          limitValue: limit,
          lat: place.lat,
          lon: place.lon,
          attributes: kind === 'alarm' ? { alarm: demoAlarms[k % demoAlarms.length]! } : null,
        };
        const speed = kind === 'overspeed' ? (row.maxValue ?? 0) : 0;
        return { ...row, location: placeAndText(place.lat, place.lon, speed).location };
      });
      // Made either way: the seed's random sequence, and with it every unit after this one, stays the same.
      const kept = sampleEvents ? eventRows : [];
      if (kept.length) await tx.insert(events).values(kept);
      eventCount += kept.length;
    }

    for (const [k, u] of demoUsers.entries()) {
      const [user] = await tx
        .insert(users)
        .values({
          username: u.username,
          email: demoEmail(u.username),
          displayName: u.displayName,
          passwordHash: passwordHashes[k]!,
        })
        .returning({ userId: users.userId });
      await tx
        .insert(userGroups)
        .values(
          u.groups.map((g) => ({ userId: user!.userId, unitId: unitRows[g.unit]!.unitId, role: g.role })),
        );
    }
  });
  return { vehicles: vehicleCount, events: eventCount };
}
