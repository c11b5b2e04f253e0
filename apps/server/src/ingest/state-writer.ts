import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { upsertStates } from './position-store.js';
import type { LiveState } from '../live-state/live-state.js';

/**
 * Write-behind of live states to `vehicle_state`: the pipeline notes each vehicle's new state, and
 * every `intervalMs` the states changed since the last write go out in one upsert (one row per
 * vehicle per interval, however many positions moved it). A failed write keeps its states for the
 * next one, behind any newer state of the same vehicle.
 */
export class StateWriter {
  private dirty = new Map<number, LiveState>();
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly logger: Pick<FastifyBaseLogger, 'error'>,
    private readonly intervalMs: number,
    /** Told the row versions each write left (the pipeline keeps them with its cached states). */
    private readonly onWritten: (versions: Map<number, number>) => void = () => undefined,
  ) {}

  /** Starts the periodic write (not for `intervalMs` 0, where the batches write states themselves). */
  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** States noted and not written yet. */
  get pending(): number {
    return this.dirty.size;
  }

  note(vehicleId: number, state: LiveState): void {
    if (this.intervalMs > 0) this.dirty.set(vehicleId, state);
  }

  /** Writes the states changed since the last write now (after the one in progress, if any). */
  flush(): Promise<void> {
    if (this.writing) return this.writing.then(() => this.flush());
    if (this.dirty.size === 0) return Promise.resolve();
    const batch = this.dirty;
    this.dirty = new Map();
    const run = upsertStates(
      this.db,
      [...batch].map(([vehicleId, s]) => ({ vehicleId, s })),
      this.clock(),
    )
      .then(this.onWritten)
      .catch((err: unknown) => {
        this.logger.error(
          { err, vehicles: batch.size },
          'writing live states failed; retrying at the next flush',
        );
        for (const [id, s] of batch) if (!this.dirty.has(id)) this.dirty.set(id, s);
      })
      .finally(() => {
        this.writing = null;
      });
    this.writing = run;
    return run;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
