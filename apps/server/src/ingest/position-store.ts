import type { Position } from '@pantau/protocols';
import { eq } from 'drizzle-orm';
import { BinaryArray } from '../db/binary-array.js';
import type { Db } from '../db/client.js';
import type { WriteGroup } from './write-group.js';
import { drivers, vehicles, vehicleState } from '../db/schema/index.js';
import type { LiveState, VehicleInfo } from '../live-state/live-state.js';
import { liveStateOf, vehicleInfoColumns, vehicleInfoOf } from '../live-state/stored-state.js';

/**
 * The pipeline's SQL: one multi-row statement per table per batch, so a batch of a thousand positions
 * costs a handful of round trips (DESIGN.md §8: single-row inserts manage ~3k rows/s, batches 60–240k).
 * The hot statements go straight to the driver (no query builder): positions the pipeline knows to be
 * new are appended with COPY on PGlite and a RETURNING-free `unnest` insert on PostgreSQL; the rest
 * (late or possibly repeated fixes) take the `ON CONFLICT DO NOTHING RETURNING` path that says which
 * ones were new.
 */

/** A position on its way into `positions`: the normalised fix, its vehicle and when the server got it. */
export interface PositionRow {
  vehicleId: number;
  position: Position;
  serverTime: Date;
}

interface QueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number;
  rowCount?: number | null;
}
/** The driver under a drizzle transaction: PGlite's `Transaction` or a `pg` pool client. */
interface RawClient {
  query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<QueryResult>;
  release?: unknown;
}
interface Raw {
  pglite: boolean;
  query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<QueryResult>;
}

/**
 * The driver connection of a drizzle transaction (drizzle keeps it as `session.client`), for COPY and
 * for statements whose array parameters are cheaper to hand over without the query builder.
 */
export function rawOf(tx: Db): Raw {
  const client = (tx as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('no driver client in this transaction');
  return {
    pglite: typeof client.release !== 'function',
    query: (text, params, options) => client.query(text, params, options),
  };
}

/** True for PostgreSQL's unique_violation (a COPY met a row that was already stored). */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/** What `positions.attributes` holds for a fix: its attributes plus the alarm and battery level. */
function attributesJson(p: Position): string | null {
  const extra = p.alarm || (p.battery !== undefined && p.battery !== null);
  if (!extra) {
    for (const _ in p.attributes) return JSON.stringify(p.attributes);
    return null;
  }
  const attributes: Record<string, unknown> = { ...p.attributes };
  if (p.alarm) attributes.alarm = p.alarm;
  if (p.battery !== undefined && p.battery !== null) attributes.battery = p.battery;
  return JSON.stringify(attributes);
}

const copyValue = (v: number | boolean | null | undefined) =>
  v === null || v === undefined ? '\\N' : String(v);
/** COPY text format: backslash is the escape character (JSON never holds raw tabs or newlines). */
const copyText = (s: string | null) =>
  s === null ? '\\N' : s.includes('\\') ? s.replaceAll('\\', '\\\\') : s;

const COLUMNS = `vehicle_id, fix_time, server_time, lat, lon, speed, course, altitude, satellites, accuracy,
  ignition, valid, odometer_km, attributes`;
// The attributes come as one JSON array (the 14th parameter, parsed once) picked by row number: no
// per-element quoting (a JSON null there is a row without attributes).
const unnestOf = (p: readonly string[]) => `(SELECT u.v, u.f, u.s, u.la, u.lo, u.sp, u.co, u.al, u.sa,
    u.ac, u.ig, u.va, u.od, nullif(${p[13]}::jsonb -> (u.n - 1)::int, 'null')
  FROM unnest(${p[0]}::int[], ${p[1]}::timestamptz[], ${p[2]}::timestamptz[], ${p[3]}::float8[],
    ${p[4]}::float8[], ${p[5]}::real[], ${p[6]}::real[], ${p[7]}::real[], ${p[8]}::smallint[],
    ${p[9]}::real[], ${p[10]}::boolean[], ${p[11]}::boolean[], ${p[12]}::float8[])
    WITH ORDINALITY AS u(v, f, s, la, lo, sp, co, al, sa, ac, ig, va, od, n)) AS rows`;
const UNNEST = unnestOf(Array.from({ length: 14 }, (_, i) => `$${i + 1}`));

/**
 * Literals for the array parameters of other statements (numbers, booleans and ISO times need no
 * quotes); cheaper than handing the driver arrays, which escapes every element through two regular
 * expressions.
 */
const bare = (v: number | boolean | string | null | undefined) =>
  v === null || v === undefined ? 'NULL' : String(v);
const quoted = (s: string | null) => (s === null ? 'NULL' : `"${s.replace(/["\\]/g, '\\$&')}"`);

/**
 * The `UNNEST` parameters: each column as a binary array (db/binary-array.ts: no number or time is
 * turned into text and parsed back), and the attributes as one JSON array.
 */
function columnsOf(batch: readonly PositionRow[]): (Buffer | string)[] {
  const n = batch.length;
  const ids = new BinaryArray('int4', n);
  const fixTimes = new BinaryArray('timestamptz', n);
  const serverTimes = new BinaryArray('timestamptz', n);
  const lats = new BinaryArray('float8', n);
  const lons = new BinaryArray('float8', n);
  const speeds = new BinaryArray('float4', n);
  const courses = new BinaryArray('float4', n);
  const altitudes = new BinaryArray('float4', n);
  const satellites = new BinaryArray('int2', n);
  const accuracies = new BinaryArray('float4', n);
  const ignitions = new BinaryArray('bool', n);
  const valids = new BinaryArray('bool', n);
  const odometers = new BinaryArray('float8', n);
  let attributes = '';
  for (let i = 0; i < n; i++) {
    const row = batch[i]!;
    const p = row.position;
    ids.int4(row.vehicleId);
    fixTimes.timestamptz(p.fixTime.getTime());
    serverTimes.timestamptz(row.serverTime.getTime());
    lats.float8(p.lat);
    lons.float8(p.lon);
    speeds.float4(p.speedKmh);
    courses.float4(p.course);
    altitudes.float4(p.altitude);
    satellites.int2(p.satellites);
    accuracies.float4(p.accuracy);
    ignitions.bool(p.ignition);
    valids.bool(p.valid);
    odometers.float8(p.odometerKm);
    attributes += (i === 0 ? '' : ',') + (attributesJson(p) ?? 'null');
  }
  return [
    ...[
      ids,
      fixTimes,
      serverTimes,
      lats,
      lons,
      speeds,
      courses,
      altitudes,
      satellites,
      accuracies,
      ignitions,
      valids,
      odometers,
    ].map((c) => c.bytes()),
    `[${attributes}]`,
  ];
}

/**
 * Appends positions the caller knows are not stored yet (newer than the vehicle's latest stored fix,
 * one per key). PGlite: COPY from a blob (DESIGN.md §8: ~100k against ~60k rows/s for `unnest`);
 * PostgreSQL: one `unnest` insert without RETURNING. A row that was stored after all (another writer)
 * fails the statement with a unique violation, and the caller retries the batch on the safe path.
 */
export async function appendPositions(tx: Db, batch: readonly PositionRow[]): Promise<void> {
  if (batch.length === 0) return;
  const raw = rawOf(tx);
  if (raw.pglite) {
    let text = '';
    let serverTime: Date | null = null;
    let serverIso = '';
    for (const { vehicleId, position: p, serverTime: st } of batch) {
      if (st !== serverTime) {
        serverTime = st;
        serverIso = st.toISOString();
      }
      text += `${vehicleId}\t${p.fixTime.toISOString()}\t${serverIso}\t${p.lat}\t${p.lon}\t${p.speedKmh}\t${copyValue(p.course)}\t${copyValue(p.altitude)}\t${copyValue(p.satellites)}\t${copyValue(p.accuracy)}\t${copyValue(p.ignition)}\t${p.valid}\t${copyValue(p.odometerKm)}\t${copyText(attributesJson(p))}\n`;
    }
    await raw.query(`COPY positions (${COLUMNS}) FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  await raw.query(`INSERT INTO positions (${COLUMNS}) SELECT * FROM ${UNNEST}`, columnsOf(batch));
}

/**
 * Adds the append of `batch` (as `appendPositions` on PostgreSQL) to `group`, to go with the batch's
 * other writes.
 */
export function addPositionAppend(group: WriteGroup, batch: readonly PositionRow[]): void {
  if (batch.length === 0) return;
  const params = columnsOf(batch).map((c) => group.param(c));
  group.add('positions_append', `INSERT INTO positions (${COLUMNS}) SELECT * FROM ${unnestOf(params)}`);
}

/**
 * Inserts positions that may be stored already (late, resent, or of a vehicle without a live state);
 * a (vehicle, fix time) already stored is skipped. Answers the indexes (into `batch`) inserted.
 */
export async function insertPositions(tx: Db, batch: readonly PositionRow[]): Promise<Set<number>> {
  if (batch.length === 0) return new Set();
  const raw = rawOf(tx);
  const { rows } = await raw.query(
    `INSERT INTO positions (${COLUMNS}) SELECT * FROM ${UNNEST}
     ON CONFLICT (vehicle_id, fix_time) DO NOTHING
     RETURNING vehicle_id AS v, (extract(epoch FROM fix_time) * 1000)::float8 AS t`,
    columnsOf(batch),
  );
  const index = new Map<number, Map<number, number>>();
  batch.forEach((r, i) => {
    let byTime = index.get(r.vehicleId);
    if (!byTime) index.set(r.vehicleId, (byTime = new Map()));
    byTime.set(r.position.fixTime.getTime(), i);
  });
  const inserted = new Set<number>();
  for (const r of rows) {
    const i = index.get(Number(r.v))?.get(Math.round(Number(r.t)));
    if (i !== undefined) inserted.add(i);
  }
  return inserted;
}

/**
 * Adds what a second report of an already stored fix says (an alarm frame with the fix time of the GPS
 * frame before it) to the stored row: its attributes are merged in, and its ignition when it has one.
 */
export async function mergePositions(tx: Db, batch: readonly PositionRow[]): Promise<void> {
  if (batch.length === 0) return;
  const raw = rawOf(tx);
  await raw.query(
    `UPDATE positions AS p SET
       attributes = coalesce(p.attributes, '{}'::jsonb) || coalesce(u.a, '{}'::jsonb),
       ignition = coalesce(u.i, p.ignition)
     FROM unnest($1::int[], $2::timestamptz[], $3::jsonb[], $4::boolean[]) AS u(v, t, a, i)
     WHERE p.vehicle_id = u.v AND p.fix_time = u.t`,
    [
      batch.map((r) => r.vehicleId),
      batch.map((r) => r.position.fixTime.toISOString()),
      batch.map((r) => attributesJson(r.position)),
      batch.map((r) => r.position.ignition),
    ],
  );
}

/**
 * Writes the live state of the given vehicles (insert or replace), raising each row's version by one;
 * answers the versions written. A state never replaces one of a later fix (a state written behind that
 * arrives after another instance moved the vehicle on): that row is left, and absent from the answer.
 * The rule states go as one JSON array picked by row number, as the positions' attributes do: one
 * `JSON.stringify` for the batch and no escaping of every quote for an array literal.
 */
export async function upsertStates(
  db: Db,
  states: { vehicleId: number; s: LiveState }[],
  now: Date,
): Promise<Map<number, number>> {
  const written = new Map<number, number>();
  if (states.length === 0) return written;
  const cols: string[] = Array.from({ length: 15 }, () => '');
  const ruleStates: unknown[] = new Array(states.length);
  for (let i = 0; i < states.length; i++) {
    const { vehicleId, s } = states[i]!;
    const sep = i === 0 ? '' : ',';
    cols[0] += sep + vehicleId;
    cols[1] += sep + s.fixTime.toISOString();
    cols[2] += sep + s.serverTime.toISOString();
    cols[3] += sep + s.lat;
    cols[4] += sep + s.lon;
    cols[5] += sep + s.speed;
    cols[6] += sep + bare(s.course);
    cols[7] += sep + bare(s.ignition);
    cols[8] += sep + s.valid;
    cols[9] += sep + bare(s.odometerKm);
    cols[10] += sep + quoted(s.motion);
    cols[11] += sep + quoted(s.gpsStatus);
    cols[12] += sep + s.day;
    cols[13] += sep + s.todayDistanceKm;
    cols[14] += sep + s.todayEngineS;
    ruleStates[i] = s.ruleState;
  }
  const { rows } = await rawOf(db).query(
    `INSERT INTO vehicle_state (vehicle_id, fix_time, server_time, lat, lon, speed, course, ignition, valid,
      odometer_km, motion, gps_status, day, today_distance_km, today_engine_s, rule_state, updated_at, version)
    SELECT u.v, u.f, u.s, u.la, u.lo, u.sp, u.co, u.ig, u.va, u.od, u.mo, u.gs, u.d, u.km, u.en,
      $16::jsonb -> (u.n - 1)::int, $17::timestamptz, 1
    FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[], $4::float8[], $5::float8[], $6::real[],
      $7::real[], $8::boolean[], $9::boolean[], $10::float8[], $11::text[], $12::text[], $13::date[],
      $14::float8[], $15::int[]) WITH ORDINALITY AS u(v, f, s, la, lo, sp, co, ig, va, od, mo, gs, d, km, en, n)
    ON CONFLICT (vehicle_id) DO UPDATE SET
      fix_time = excluded.fix_time, server_time = excluded.server_time, lat = excluded.lat,
      lon = excluded.lon, speed = excluded.speed, course = excluded.course, ignition = excluded.ignition,
      valid = excluded.valid, odometer_km = excluded.odometer_km, motion = excluded.motion,
      gps_status = excluded.gps_status, day = excluded.day, today_distance_km = excluded.today_distance_km,
      today_engine_s = excluded.today_engine_s, rule_state = excluded.rule_state,
      updated_at = excluded.updated_at, version = vehicle_state.version + 1
    WHERE vehicle_state.fix_time <= excluded.fix_time
    RETURNING vehicle_id AS v, version::float8 AS n`,
    [...cols.map((c) => `{${c}}`), JSON.stringify(ruleStates), now.toISOString()],
  );
  for (const r of rows) written.set(Number(r.v), Number(r.n));
  return written;
}

/** Every registered vehicle, and the ids of those deactivated (their trackers are still heard). */
export async function loadVehicles(db: Db): Promise<{ list: VehicleInfo[]; inactive: Set<number> }> {
  const rows = await db
    .select({ ...vehicleInfoColumns, driverName: drivers.name, aktif: vehicles.aktif })
    .from(vehicles)
    .leftJoin(drivers, eq(drivers.driverId, vehicles.driverId));
  return {
    list: rows.map(({ aktif: _, ...row }) => vehicleInfoOf(row)),
    inactive: new Set(rows.filter((r) => !r.aktif).map((r) => r.vehicleId)),
  };
}

/** Every vehicle's stored live state and its row's version. */
export async function loadStates(db: Db): Promise<Map<number, { state: LiveState; version: number }>> {
  const list = await db.select().from(vehicleState);
  return new Map(list.map((r) => [r.vehicleId, { state: liveStateOf(r), version: r.version }]));
}
