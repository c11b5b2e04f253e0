import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { WriterLock } from '../db/writer-lock.js';
import type { LiveEvent } from '../plugins/live.js';
import type { Derivation, RuleThresholds } from '../rules/types.js';
import type { VehicleInfo } from '../live-state/live-state.js';
import type { UnknownTrackerLimits } from './unknown-trackers.js';

/** What `createPipeline` (pipeline.ts) is made of, and its settings with their defaults. */
export interface PipelineDeps {
  db: Db;
  clock: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The derivations every vehicle runs (the rules and what follows them), in order (rules/index.ts). */
  rules: readonly Derivation[];
  /** The thresholds that apply to a vehicle (unit defaults, the vehicle's speed limit over them). */
  thresholdsFor(vehicle: VehicleInfo): RuleThresholds;
  /** Where changed vehicles, new notifications and summary changes go (the live hub). */
  publish(event: LiveEvent): void;
  /**
   * Batching (scheduler.ts): at most `maxRows` rows a batch (default 4,000; 1,000 with several
   * connections); `intervalMs` (default 0) holds an idle pipeline's first position this long for
   * company; `concurrency` batches of disjoint vehicles at once (default 1 on PGlite, a single
   * connection; 4 on PostgreSQL).
   */
  batch?: { maxRows?: number; intervalMs?: number; concurrency?: number };
  /** How often `onTick` runs for every vehicle (default 30 s; 0 = only when `tick()` is called). */
  tickMs?: number;
  /**
   * Whether this instance runs the timed tick now (several instances on one database: the one holding
   * the singleton lock). Default: always. `tick()` itself runs whenever it is called.
   */
  ownsTick?: () => boolean;
  /**
   * Whether other instances may write `vehicle_state` (default: on PostgreSQL). Then each batch checks
   * its vehicles' row versions and writes their states in its transaction (no write-behind), the tick
   * reads the rows other instances wrote first, and the cache takes in other instances' writes every
   * `syncMs` (default 2 s) for reads (state-versions.ts, docs/decisions.md).
   */
  shared?: boolean;
  /**
   * On PostgreSQL, instead of `shared`: the lock that says whether this instance is the only one
   * writing `vehicle_state` (db/writer-lock.ts). Alone, it writes states behind every `stateFlushMs`;
   * with others, as `shared`. Without it PostgreSQL is always shared.
   */
  writerLock?: WriterLock;
  syncMs?: number;
  /** Events found from fixes older than this are stored but not pushed as live notifications (5 min). */
  liveWindowMs?: number;
  /**
   * How often changed live states are written to `vehicle_state` (default 5,000 ms): one row per
   * vehicle per interval instead of one per batch. This process serves reads from memory
   * (`liveState`), so nothing reads a stale row; after a crash the next start moves the rows on from
   * the positions stored since (catch-up.ts). 0 writes them in each batch's transaction.
   */
  stateFlushMs?: number;
  /** Bounds on the list of unregistered trackers (unknown-trackers.ts). */
  unknownTrackers?: UnknownTrackerLimits;
  /**
   * How long a batch is retried while the database is unreachable (default 30 s); then its callers
   * get a `DatabaseUnavailableError` (GT06 trackers no ack, OsmAnd 503) and send again later.
   */
  retryMs?: number;
  /**
   * Months of positions kept (PANTAU_RETENTION_MONTHS): the current month and this many before it;
   * older months are dropped daily. Undefined keeps every month.
   */
  retentionMonths?: number | undefined;
}
