import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { upsertStates } from './position-store.js';
import type { LiveState } from '../live-state/live-state.js';

/** States written by one statement: a flush of a large fleet never holds the event loop or the database long. */
export const STATE_WRITE_CHUNK = 500;

/**
 * Write-behind of live states to `vehicle_state`: the pipeline notes each vehicle's new state, and
 * every `intervalMs` the states changed since the last write go out (one row per vehicle per
 * interval, however many positions moved it), `STATE_WRITE_CHUNK` vehicles a statement, one after
 * the other. A failed write keeps its states, and those not written yet, for the next one, behind
 * any newer state of the same vehicle.
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
    const batch = [...this.dirty].map(([vehicleId, s]) => ({ vehicleId, s }));
    this.dirty = new Map();
    const run = this.write(batch).finally(() => {
      this.writing = null;
    });
    this.writing = run;
    return run;
  }

  private async write(batch: { vehicleId: number; s: LiveState }[]): Promise<void> {
    for (let from = 0; from < batch.length; from += STATE_WRITE_CHUNK) {
      const chunk = batch.slice(from, from + STATE_WRITE_CHUNK);
      try {
        this.onWritten(await upsertStates(this.db, chunk, this.clock()));
      } catch (err) {
        const left = batch.slice(from);
        this.logger.error(
          { err, vehicles: left.length },
          'writing live states failed; retrying at the next flush',
        );
        for (const { vehicleId, s } of left) if (!this.dirty.has(vehicleId)) this.dirty.set(vehicleId, s);
        return;
      }
    }
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
