import type { GeofenceCategory } from '@pantau/contracts';
import type { Position } from '@pantau/protocols';

/**
 * Derivations: what the pipeline works out from a vehicle's positions, beyond its live state (the
 * rules: over speed, over stop, ignition, GPS lost, alarms; next geofence visits, trips and stops, over
 * route, work-order milestones). Each is a pure function over its own slice of the vehicle's state and
 * the vehicle's new positions (or the passing of time), answering the next slice and the events found.
 * No I/O; the pipeline stores the slices (vehicle_state.rule_state, JSON, one key per derivation) and
 * the events. How to add one: docs/architecture.md.
 */

/** Thresholds, per unit with per-vehicle overrides (defaults: domain research §6). */
export interface RuleThresholds {
  /** Speed limit, km/h: the vehicle's speedLimit, else the unit's default. */
  speedLimitKmh: number;
  /** km/h above the limit tolerated before a fix counts as speeding. */
  overspeedToleranceKmh: number;
  /** Seconds speeding must last to become an over-speed event. */
  overspeedMinDurationS: number;
  /** Minutes a stop may last outside allowed places before it is an over-stop. */
  overstopMinutes: number;
  /** Speed below which a vehicle counts as stopped, km/h. */
  stopSpeedKmh: number;
  /** Minutes a vehicle must stand still for a stop (shorter is a halt inside a trip: a red light). */
  stopMinMinutes: number;
  /** Minutes without a fix after which GPS counts as off. */
  gpsLostMinutes: number;
}

/**
 * What the rules may ask about the world, answered synchronously from memory. Later rules add what they
 * need here (geofences, the work order's route corridor, zone speed limits); each rule reads only the
 * members it uses, so adding members never changes the existing rules.
 */
export interface RuleContext {
  /** `timeZone`: the unit's, where the vehicle's days begin. */
  vehicle: { kendaraanId: number; unitId: number; timeZone: string };
  thresholds: RuleThresholds;
  /**
   * True near a known site where stopping is allowed without limit (pools, bases, plants, ports,
   * dealers, rest areas), for a unit that has not drawn its own geofences there.
   */
  isStopAllowedAt(lat: number, lon: number): boolean;
  /** The unit's geofences (geofence visits, the over-stop allowance). */
  geography: RuleGeography;
  /** The route the vehicle drives now, or null (over route). */
  route: RuleRoute | null;
}

/** A geofence as the rules see it. */
export interface RuleGeofence {
  geofenceId: number;
  code: string;
  name: string;
  category: GeofenceCategory;
  notifyEnter: boolean;
  notifyExit: boolean;
}

/** A unit's geofences, answered from memory (a spatial index, rebuilt when they change). */
export interface RuleGeography {
  /** The active geofences that hold the point, in a stable order. */
  geofencesAt(lat: number, lon: number): readonly RuleGeofence[];
  /** An active geofence by id. */
  geofence(geofenceId: number): RuleGeofence | undefined;
}

/** A route's corridor: a vehicle further than `halfWidthM` from its path is off route. */
export interface RuleRoute {
  routeId: number;
  code: string;
  name: string;
  halfWidthM: number;
  /** Geofences where the route starts and ends: inside them the vehicle is not checked. */
  originGeofenceId: number | null;
  destinationGeofenceId: number | null;
  /** Shortest distance from the point to the route's path, metres. */
  distanceM(lat: number, lon: number): number;
  /**
   * How far along the route a vehicle's running SPK is (its milestones): on its way to the origin,
   * on the route (at or past the origin), or past the destination. Absent for a route an
   * Administrator set: the over-route rule then decides from where the vehicle is.
   */
  leg?: 'to_origin' | 'on_route' | 'done';
}

export type EventKind =
  | 'overspeed'
  | 'overstop'
  | 'overroute'
  | 'geofence_enter'
  | 'geofence_exit'
  | 'ignition_on'
  | 'ignition_off'
  | 'gps_lost'
  | 'gps_restored'
  | 'alarm'
  // Kept in their own tables (trips, stops, activity_days), never in `events`:
  | 'trip'
  | 'stop'
  | 'activity_day';

/**
 * An event the rules found. `open` events (an over-speed still going on) are stored at once and
 * closed later by an event with the same `key` and `phase: 'end'`.
 */
export interface RuleEvent {
  kind: EventKind;
  /** instant: a moment (ignition on); start: an interval begins; end: that interval ends. */
  phase: 'instant' | 'start' | 'end';
  /**
   * Identifies an interval across its start and end, unique per vehicle: the kind and the interval's
   * start (`overspeed@2026-03-02T01:00:00.000Z`). Instant events carry their kind (`alarm:sos` for alarms).
   */
  key: string;
  startedAt: Date;
  endedAt: Date | null;
  /** e.g. the highest speed of an over-speed, km/h */
  maxValue: number | null;
  /** e.g. the speed limit that applied */
  limitValue: number | null;
  lat: number | null;
  lon: number | null;
  /** Extra facts: alarm kind, stop minutes … */
  attributes?: Record<string, unknown>;
}

/** A vehicle's rule state: JSON-serialisable, one slice per derivation under its name; start with `{}`. */
export type VehicleRuleState = Record<string, unknown>;

/**
 * What a derivation keeps of a vehicle, as JSON. `v` versions the shape: a slice stored by a build with
 * another version (or damaged) is replaced by the derivation's initial slice instead of being trusted.
 */
export interface Slice {
  v: number;
}

/**
 * An event and when it was found (epoch ms): the fix time of the position that revealed it, or the
 * tick's time. Events found at fixes older than the live window (a tracker's buffer arriving late) are
 * stored but not pushed as live notifications.
 */
export interface Found {
  event: RuleEvent;
  at: number;
}

export interface DerivationResult<S> {
  slice: S;
  events: readonly Found[];
}

export interface Derivation<S extends Slice = Slice> {
  /** The key of its slice in the vehicle's rule state; unique in the list. */
  name: string;
  /** The slice of a vehicle it has not seen (or whose stored slice has another `v`). */
  initial: S;
  /**
   * A vehicle's new positions, in fix-time order: stored, and newer than its live state (or at its fix
   * time with news: an alarm, an ignition change). One call per vehicle per batch; a derivation must find
   * the same whether its positions come one by one or together (the tests check it).
   */
  onPositions(slice: S, positions: readonly Position[], ctx: RuleContext): DerivationResult<S>;
  /** Time passed without a position (the pipeline's tick, every 30 s): timeouts, GPS lost. */
  onTick?(slice: S, now: Date, ctx: RuleContext): DerivationResult<S>;
}
