import type { Position } from '@pantau/protocols';

/**
 * The rule interface: pure functions over a vehicle's rule state and a new position (or the passing of
 * time), answering the next state and the events that happened. No I/O; the pipeline stores the state
 * (vehicle_state.rule_state, JSON) and the events. Later rules (over route, geofence enter/exit, trip
 * milestones) plug in as further `Rule`s with their own slice of the state.
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
  /** Minutes without a fix after which GPS counts as off. */
  gpsLostMinutes: number;
}

/**
 * What the rules may ask about the world, answered synchronously from memory. Later rules add what they
 * need here (geofences, the work order's route corridor, zone speed limits); each rule reads only the
 * members it uses, so adding members never changes the existing rules.
 */
export interface RuleContext {
  vehicle: { kendaraanId: number; unitId: number };
  thresholds: RuleThresholds;
  /** True where stopping is allowed without limit (pools, bases, loading/unloading sites, rest areas). */
  isStopAllowedAt(lat: number, lon: number): boolean;
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
  | 'alarm';

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

/** A vehicle's rule state: JSON-serialisable, one slice per rule under the rule's name; start with `{}`. */
export type VehicleRuleState = Record<string, unknown>;

export interface RuleResult {
  state: VehicleRuleState;
  events: RuleEvent[];
}

export interface Rule {
  name: string;
  /** A new position, in fix-time order for the vehicle. */
  onPosition(state: VehicleRuleState, position: Position, ctx: RuleContext): RuleResult;
  /** Time passed with no new position (the pipeline calls this about once a minute). */
  onTick(state: VehicleRuleState, now: Date, ctx: RuleContext): RuleResult;
}
