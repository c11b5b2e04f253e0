import type { FastifyBaseLogger } from 'fastify';
import type { Position } from '@pantau/protocols';
import type { TrackingItem } from '@pantau/contracts';
import type { Db } from '../db/client.js';
import { isNotifying, notificationOf } from '../modules/notifications/notifications.service.js';
import type { LiveEvent } from '../plugins/live.js';
import type { Rule, RuleContext, RuleEvent, RuleThresholds, VehicleRuleState } from '../rules/types.js';
import { normalisePosition } from './normalise.js';
import { isStopAllowedAt, nearestPlace } from './places.js';
import {
  closeEvent,
  insertEvents,
  insertPositions,
  loadStates,
  loadVehicles,
  noteUnknownTrackers,
  positionKey,
  upsertStates,
  type EventEnd,
  type NewEventRow,
  type PositionRow,
} from './position-store.js';
import type { IngestResult, IngestSource, Pipeline } from './types.js';
import {
  advanceState,
  changesSummary,
  gpsStatusOf,
  motionOf,
  trackingItemOf,
  type LiveState,
  type VehicleInfo,
} from './vehicle-state.js';

export interface PipelineDeps {
  db: Db;
  clock: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  rules: readonly Rule[];
  /** The thresholds that apply to a vehicle (unit defaults, the vehicle's speed limit over them). */
  thresholdsFor(vehicle: VehicleInfo): RuleThresholds;
  /** Where changed vehicles, new notifications and summary changes go (the live hub). */
  publish(event: LiveEvent): void;
  /** Flush after this many rows or this many ms, whichever comes first (defaults 1,000 and 25 ms). */
  batch?: { maxRows?: number; intervalMs?: number };
  /** How often `onTick` runs for every vehicle (default 30 s; 0 = only when `tick()` is called). */
  tickMs?: number;
  /** Events found from fixes older than this are stored but not pushed as live notifications (5 min). */
  liveWindowMs?: number;
}

export interface TelemetryPipeline extends Pipeline {
  /** Loads the vehicle index and live states and starts the tick; `ingest` calls it when needed. */
  start(): Promise<void>;
  /** Re-reads the vehicles (after one is added or its tracker changes). */
  refreshVehicles(): Promise<void>;
  /** Runs every vehicle's `onTick` now (GPS lost, over-stop timing). */
  tick(): Promise<void>;
  /** The live item of a vehicle as this instance knows it. */
  trackingItem(vehicleId: number): TrackingItem | null;
}

interface Accepted {
  vehicle: VehicleInfo;
  position: Position;
  row: PositionRow;
}
interface Pending {
  accepted: Accepted[];
  result: IngestResult;
  resolve(r: IngestResult): void;
  reject(err: unknown): void;
}
interface FoundEvent {
  vehicle: VehicleInfo;
  event: RuleEvent;
  /** Found from a fresh fix or the tick, so it may be pushed live. */
  live: boolean;
}

/** Unknown trackers refresh the vehicle index at most this often (a vehicle registered a moment ago). */
const REFRESH_ON_UNKNOWN_MS = 30_000;

/**
 * The one pipeline every source feeds (DESIGN.md §6): validate → coalesce callers into one batched
 * insert → per vehicle in fix-time order update the live state and run the rules → store events →
 * publish. Batches and ticks run one at a time, so a vehicle's state is only ever moved by one writer.
 */
export function createPipeline(deps: PipelineDeps): TelemetryPipeline {
  const { db, clock, logger, rules, publish } = deps;
  const maxRows = deps.batch?.maxRows ?? 1000;
  const intervalMs = deps.batch?.intervalMs ?? 25;
  const liveWindowMs = deps.liveWindowMs ?? 5 * 60_000;

  let byTracker = new Map<string, VehicleInfo>();
  let byId = new Map<number, VehicleInfo>();
  let thresholds = new Map<number, RuleThresholds>();
  let states = new Map<number, LiveState>();
  let lastRefresh = 0;

  const pending: Pending[] = [];
  let pendingRows = 0;
  const pendingKeys = new Set<string>();
  let unknown = new Map<string, { trackerId: string; source: IngestSource; messages: number; at: Date }>();
  let timer: NodeJS.Timeout | null = null;
  let tickTimer: NodeJS.Timeout | null = null;
  let started: Promise<void> | null = null;
  let closed = false;

  // Batches and ticks run strictly one after another.
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(job: () => Promise<T>): Promise<T> => {
    const run = chain.then(job, job);
    chain = run.catch(() => undefined);
    return run;
  };

  const contextOf = (v: VehicleInfo): RuleContext => ({
    vehicle: { kendaraanId: v.vehicleId, unitId: v.unitId },
    thresholds: thresholds.get(v.vehicleId)!,
    isStopAllowedAt,
  });

  async function refreshVehicles() {
    const list = await loadVehicles(db);
    byTracker = new Map(list.map((v) => [v.trackerId, v]));
    byId = new Map(list.map((v) => [v.vehicleId, v]));
    thresholds = new Map(list.map((v) => [v.vehicleId, deps.thresholdsFor(v)]));
    lastRefresh = Date.now();
  }

  function start() {
    started ??= (async () => {
      await refreshVehicles();
      states = await loadStates(db);
      const tickMs = deps.tickMs ?? 30_000;
      if (tickMs > 0 && !closed) {
        tickTimer = setInterval(() => {
          tick().catch((err: unknown) => logger.error({ err }, 'telemetry tick failed'));
        }, tickMs);
        tickTimer.unref();
      }
    })();
    return started;
  }

  function schedule() {
    if (pendingRows >= maxRows) {
      if (timer) clearTimeout(timer);
      timer = null;
      void exclusive(flush);
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        void exclusive(flush);
      }, intervalMs);
    }
  }

  async function ingest(positions: Position[], source: IngestSource): Promise<IngestResult> {
    if (closed) throw new Error('the telemetry pipeline is closed');
    await start();
    const now = clock();
    const result: IngestResult = { stored: 0, dropped: [] };
    const accepted: Accepted[] = [];
    for (const raw of positions) {
      const trackerId = String(raw?.trackerId ?? '');
      try {
        const vehicle = byTracker.get(trackerId);
        if (!vehicle) {
          result.dropped.push({ trackerId, reason: 'unknown-tracker' });
          noteUnknownTracker(trackerId, source);
          continue;
        }
        const checked = normalisePosition(raw, now);
        if ('reason' in checked) {
          result.dropped.push({ trackerId, reason: checked.reason });
          continue;
        }
        const p = checked.position;
        const key = positionKey(vehicle.vehicleId, p.fixTime.getTime());
        if (pendingKeys.has(key)) {
          result.dropped.push({ trackerId, reason: 'duplicate' });
          continue;
        }
        pendingKeys.add(key);
        accepted.push({ vehicle, position: p, row: rowOf(vehicle.vehicleId, p, now) });
      } catch (err) {
        logger.warn({ err, trackerId }, 'dropped a position that could not be read');
        result.dropped.push({ trackerId, reason: 'invalid' });
      }
    }
    if (accepted.length === 0) return result;
    return new Promise<IngestResult>((resolve, reject) => {
      pending.push({ accepted, result, resolve, reject });
      pendingRows += accepted.length;
      schedule();
    });
  }

  function noteUnknownTracker(trackerId: string, source: IngestSource) {
    if (!trackerId) return;
    const seen = unknown.get(trackerId);
    if (seen) {
      seen.messages += 1;
      seen.at = clock();
      seen.source = source;
    } else unknown.set(trackerId, { trackerId, source, messages: 1, at: clock() });
    if (Date.now() - lastRefresh > REFRESH_ON_UNKNOWN_MS && started) {
      lastRefresh = Date.now();
      refreshVehicles().catch((err: unknown) => logger.error({ err }, 'vehicle index refresh failed'));
    }
    if (!timer) schedule();
  }

  async function flushUnknown() {
    if (unknown.size === 0) return;
    const seen = [...unknown.values()];
    unknown = new Map();
    try {
      await noteUnknownTrackers(db, seen);
    } catch (err) {
      logger.error({ err }, 'could not record unknown trackers');
    }
  }

  /** Takes up to `maxRows` rows of whole calls off the queue. */
  function takeBatch(): Pending[] {
    const batch: Pending[] = [];
    let rows = 0;
    while (pending.length > 0 && (rows === 0 || rows + pending[0]!.accepted.length <= maxRows)) {
      const next = pending.shift()!;
      batch.push(next);
      rows += next.accepted.length;
    }
    pendingRows -= rows;
    for (const p of batch)
      for (const a of p.accepted) pendingKeys.delete(positionKey(a.row.vehicleId, a.row.fixTime.getTime()));
    return batch;
  }

  async function flush() {
    await flushUnknown();
    if (pending.length === 0) return;
    const batch = takeBatch();
    if (pending.length > 0) schedule();
    const accepted = batch.flatMap((p) => p.accepted);
    const now = clock();
    let outcome: Awaited<ReturnType<typeof writeBatch>>;
    try {
      outcome = await writeBatch(accepted, now);
    } catch (err) {
      logger.error({ err, rows: accepted.length }, 'storing positions failed');
      for (const p of batch) p.reject(err);
      return;
    }
    for (const p of batch) {
      for (const a of p.accepted) {
        if (outcome.inserted.has(positionKey(a.row.vehicleId, a.row.fixTime.getTime()))) p.result.stored += 1;
        else p.result.dropped.push({ trackerId: a.vehicle.trackerId, reason: 'duplicate' });
      }
      p.resolve(p.result);
    }
    commit(outcome.next, outcome.events, now);
  }

  /** One transaction: positions, then the newer fixes' states and their events. */
  async function writeBatch(accepted: Accepted[], now: Date) {
    return db.transaction(async (tx) => {
      const inserted = await insertPositions(
        tx as unknown as Db,
        accepted.map((a) => a.row),
      );
      const byVehicle = new Map<number, Accepted[]>();
      for (const a of accepted) {
        if (!inserted.has(positionKey(a.row.vehicleId, a.row.fixTime.getTime()))) continue;
        const list = byVehicle.get(a.vehicle.vehicleId);
        if (list) list.push(a);
        else byVehicle.set(a.vehicle.vehicleId, [a]);
      }
      const next = new Map<number, LiveState>();
      const found: FoundEvent[] = [];
      for (const [vehicleId, list] of byVehicle) {
        list.sort((x, y) => x.position.fixTime.getTime() - y.position.fixTime.getTime());
        const vehicle = list[0]!.vehicle;
        const ctx = contextOf(vehicle);
        let state = states.get(vehicleId) ?? null;
        let moved = false;
        for (const { position, row } of list) {
          // A buffered fix older than the latest one is stored (above) but moves nothing live.
          if (state && position.fixTime.getTime() <= state.fixTime.getTime()) continue;
          const live = now.getTime() - position.fixTime.getTime() <= liveWindowMs;
          let ruleState = state?.ruleState ?? {};
          for (const rule of rules) {
            const r = runRule(rule, () => rule.onPosition(ruleState, position, ctx), vehicle);
            if (!r) continue;
            ruleState = r.state;
            for (const event of r.events) found.push({ vehicle, event, live });
          }
          state = advanceState(state, position, row.serverTime, now, ctx.thresholds, ruleState);
          moved = true;
        }
        if (moved && state) next.set(vehicleId, state);
      }
      await upsertStates(
        tx as unknown as Db,
        [...next].map(([vehicleId, s]) => ({ vehicleId, s })),
        now,
      );
      const events = await storeEvents(tx as unknown as Db, found);
      return { inserted, next, events };
    });
  }

  function runRule(rule: Rule, run: () => { state: VehicleRuleState; events: RuleEvent[] }, v: VehicleInfo) {
    try {
      return run();
    } catch (err) {
      // One broken rule must not stop storing positions or the other rules.
      logger.error({ err, rule: rule.name, vehicleId: v.vehicleId }, 'rule failed');
      return null;
    }
  }

  /**
   * Stores what the rules found: an interval's start is an open row, its end closes it (in this batch
   * if the start is in this batch too, else the open row stored earlier). Answers the new rows.
   */
  async function storeEvents(tx: Db, found: FoundEvent[]) {
    const rows: (NewEventRow & { plate: string; live: boolean })[] = [];
    const openInBatch = new Map<string, number>();
    const ends: EventEnd[] = [];
    for (const { vehicle, event: e, live } of found) {
      const slot = `${vehicle.vehicleId}:${e.key}`;
      if (e.phase === 'end') {
        const k = openInBatch.get(slot);
        if (k !== undefined) {
          const row = rows[k]!;
          row.open = false;
          row.endedAt = e.endedAt ?? e.startedAt;
          row.maxValue = e.maxValue ?? row.maxValue;
          if (e.attributes) row.attributes = { ...row.attributes, ...e.attributes };
          openInBatch.delete(slot);
        } else
          ends.push({
            vehicleId: vehicle.vehicleId,
            eventKey: e.key,
            endedAt: e.endedAt ?? e.startedAt,
            maxValue: e.maxValue,
            attributes: e.attributes ?? null,
          });
        continue;
      }
      if (e.phase === 'start') openInBatch.set(slot, rows.length);
      rows.push({
        unitId: vehicle.unitId,
        vehicleId: vehicle.vehicleId,
        kind: e.kind,
        eventKey: e.key,
        open: e.phase === 'start',
        startedAt: e.startedAt,
        endedAt: e.endedAt,
        maxValue: e.maxValue,
        limitValue: e.limitValue,
        lat: e.lat,
        lon: e.lon,
        location: e.lat !== null && e.lon !== null ? (nearestPlace(e.lat, e.lon)?.name ?? null) : null,
        attributes: e.attributes ?? null,
        plate: vehicle.plate,
        live,
      });
    }
    for (const end of ends) await closeEvent(tx, end);
    const ids = await insertEvents(
      tx,
      rows.map(({ plate: _plate, live: _live, ...row }) => row),
    );
    return rows.map((r, i) => ({ ...r, eventId: ids[i]! }));
  }

  /** After a commit: the new states become the live ones, and the world hears of them. */
  function commit(
    next: Map<number, LiveState>,
    events: {
      unitId: number;
      eventId: number;
      kind: string;
      plate: string;
      startedAt: Date;
      live: boolean;
    }[],
    now: Date,
  ) {
    const changed = new Map<number, TrackingItem[]>();
    const summaryUnits = new Set<number>();
    for (const [vehicleId, s] of next) {
      const vehicle = byId.get(vehicleId);
      const before = states.get(vehicleId) ?? null;
      states.set(vehicleId, s);
      if (!vehicle) continue;
      const item = trackingItemOf(vehicle, s, now, thresholds.get(vehicleId)!);
      const list = changed.get(vehicle.unitId);
      if (list) list.push(item);
      else changed.set(vehicle.unitId, [item]);
      if (changesSummary(before, s)) summaryUnits.add(vehicle.unitId);
    }
    try {
      for (const [unitId, items] of changed) publish({ type: 'positions', unitId, items });
      for (const e of events)
        if (e.live && isNotifying(e.kind))
          publish({ type: 'notification', unitId: e.unitId, data: notificationOf(e) });
      for (const unitId of summaryUnits) publish({ type: 'summary', unitId });
    } catch (err) {
      logger.error({ err }, 'publishing live updates failed');
    }
  }

  /** Time passing: every vehicle's `onTick` (GPS lost, over-stop timing) and its GPS status. */
  function tick() {
    return exclusive(async () => {
      await start();
      const now = clock();
      const next = new Map<number, LiveState>();
      const found: FoundEvent[] = [];
      for (const [vehicleId, s] of states) {
        const vehicle = byId.get(vehicleId);
        if (!vehicle) continue;
        const ctx = contextOf(vehicle);
        let ruleState = s.ruleState;
        for (const rule of rules) {
          const r = runRule(rule, () => rule.onTick(ruleState, now, ctx), vehicle);
          if (!r) continue;
          ruleState = r.state;
          for (const event of r.events) found.push({ vehicle, event, live: true });
        }
        const gpsStatus = gpsStatusOf(s.fixTime, now, ctx.thresholds.gpsLostMinutes);
        const motion = motionOf({ ...s, gpsStatus }, ctx.thresholds.stopSpeedKmh);
        if (
          gpsStatus !== s.gpsStatus ||
          motion !== s.motion ||
          JSON.stringify(ruleState) !== JSON.stringify(s.ruleState)
        )
          next.set(vehicleId, { ...s, gpsStatus, motion, ruleState });
      }
      if (next.size === 0 && found.length === 0) return;
      const events = await db.transaction(async (tx) => {
        await upsertStates(
          tx as unknown as Db,
          [...next].map(([vehicleId, s]) => ({ vehicleId, s })),
          now,
        );
        return storeEvents(tx as unknown as Db, found);
      });
      commit(next, events, now);
    });
  }

  return {
    ingest,
    isKnownTracker: (trackerId) => byTracker.has(trackerId),
    noteUnknownTracker,
    start,
    refreshVehicles,
    tick,
    trackingItem(vehicleId) {
      const v = byId.get(vehicleId);
      return v ? trackingItemOf(v, states.get(vehicleId) ?? null, clock(), thresholds.get(vehicleId)!) : null;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (tickTimer) clearInterval(tickTimer);
      tickTimer = null;
      if (!started) return;
      while (pending.length > 0 || unknown.size > 0) await exclusive(flush);
      await exclusive(async () => undefined);
    },
  };
}

function rowOf(vehicleId: number, p: Position, serverTime: Date): PositionRow {
  const attributes: Record<string, unknown> = { ...p.attributes };
  if (p.alarm) attributes.alarm = p.alarm;
  if (p.battery !== undefined && p.battery !== null) attributes.battery = p.battery;
  return {
    vehicleId,
    fixTime: p.fixTime,
    serverTime,
    lat: p.lat,
    lon: p.lon,
    speed: p.speedKmh,
    course: p.course,
    altitude: p.altitude,
    satellites: p.satellites,
    accuracy: p.accuracy,
    ignition: p.ignition,
    valid: p.valid,
    odometerKm: p.odometerKm ?? null,
    attributes,
  };
}
