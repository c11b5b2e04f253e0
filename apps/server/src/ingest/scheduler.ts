import { CallQueue, type Pending } from './call-queue.js';

export interface SchedulerOptions {
  /** Rows a batch takes at most. */
  maxRows: number;
  /** Holds an idle pipeline's first call this long for company (0: until the end of this turn). */
  intervalMs: number;
  /** Batches written at once (of disjoint vehicles). */
  concurrency: number;
  /** Writes a batch (possibly empty, when only `hasOtherWork` wanted a turn). */
  run(batch: Pending[]): Promise<void>;
  /** A batch failed outside what `run` handles itself. */
  onError(err: unknown): void;
  /** Work besides the queue that a batch does first (unregistered trackers to record). */
  hasOtherWork(): boolean;
}

/**
 * When batches start. A batch starts as soon as the database is free and takes what has queued
 * meanwhile, up to `maxRows`: small batches when idle, large ones under load. Up to `concurrency`
 * batches of disjoint vehicles run at once (a vehicle is in at most one batch at a time, and its later
 * calls wait behind it), and `exclusive` work (the tick) runs alone, so a vehicle's state is only ever
 * moved by one writer.
 */
export class BatchScheduler {
  readonly queue = new CallQueue();
  private inFlight = 0;
  /** While exclusive work runs (or waits for the batches in flight to finish) no batch starts. */
  private hold = false;
  private exclusiveChain: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  /** Called when the last batch in flight is done. */
  private readonly idleWaiters: (() => void)[] = [];
  /** Called when any batch is done. */
  private readonly batchWaiters: (() => void)[] = [];
  /** Called when a held vehicle is let go. */
  private readonly unholdWaiters: (() => void)[] = [];
  private held = 0;

  constructor(private readonly opts: SchedulerOptions) {}

  /** Changes the batch shape (the pipeline learns the database's connections when it starts). */
  configure(shape: Partial<Pick<SchedulerOptions, 'maxRows' | 'concurrency'>>): void {
    Object.assign(this.opts, shape);
  }

  /** Queues a call; it is answered by its batch. */
  submit(call: Pending): void {
    this.queue.push(call);
    this.schedule();
  }

  /**
   * Starts batches while there is work, room and no exclusive work waiting. An idle pipeline starts
   * one at the end of this turn of the event loop (or after `intervalMs`), so callers that arrive
   * together share it; under load the queue grows while the database works.
   */
  schedule(): void {
    if (this.hold || !this.hasWork()) return;
    if (this.inFlight === 0) {
      if (this.timer || this.immediate) return;
      if (this.opts.intervalMs > 0) this.timer = setTimeout(() => this.startBatches(), this.opts.intervalMs);
      else this.immediate = setImmediate(() => this.startBatches());
      return;
    }
    // More than one batch at once only when the queue holds a worthwhile batch of other vehicles.
    if (this.inFlight < this.opts.concurrency && this.queue.rows >= this.worthwhile()) this.startBatches();
  }

  /**
   * Runs `work` alone: after the batches in flight, before any other starts; calls queue meanwhile.
   * Exclusive runs follow one another in call order.
   */
  exclusive(work: () => Promise<void>): Promise<void> {
    const run = async () => {
      this.hold = true;
      try {
        await this.waitIdle();
        await work();
      } finally {
        this.hold = false;
        this.schedule();
      }
    };
    const next = (this.exclusiveChain ?? Promise.resolve()).then(run, run);
    const settled = next.catch(() => undefined);
    this.exclusiveChain = settled;
    void settled.then(() => {
      if (this.exclusiveChain === settled) this.exclusiveChain = null;
    });
    return next;
  }

  /**
   * Runs `work` for one vehicle while its calls wait: after the batch holding it (if any) is written,
   * before the next takes it; the other vehicles' batches go on meanwhile. The tick leaves a held
   * vehicle alone (`isHeld`).
   */
  async withVehicle<T>(vehicleId: number, work: () => Promise<T>): Promise<T> {
    this.queue.hold(vehicleId);
    this.held++;
    try {
      while (this.queue.isBusy(vehicleId)) await new Promise<void>((r) => this.batchWaiters.push(r));
      return await work();
    } finally {
      this.queue.unhold(vehicleId);
      this.held--;
      for (const resolve of this.unholdWaiters.splice(0)) resolve();
      this.schedule();
    }
  }

  /** Writes everything queued, waiting for exclusive work and batches in flight, until none is left. */
  async drain(): Promise<void> {
    for (;;) {
      if (this.exclusiveChain) {
        await this.exclusiveChain;
        continue;
      }
      if (!this.hasWork() && this.inFlight === 0) break;
      if (this.inFlight === 0) this.startBatches();
      // Only calls of held vehicles are left: they go when let go.
      if (this.inFlight === 0 && this.held > 0) await new Promise<void>((r) => this.unholdWaiters.push(r));
      else await this.waitIdle();
    }
    this.clearTimers();
  }

  private hasWork(): boolean {
    return this.queue.calls > 0 || this.opts.hasOtherWork();
  }

  private worthwhile(): number {
    return Math.min(this.opts.maxRows, 500);
  }

  private waitIdle(): Promise<void> {
    return new Promise<void>((resolve) => (this.inFlight === 0 ? resolve() : this.idleWaiters.push(resolve)));
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
  }

  private startBatches(): void {
    this.clearTimers();
    while (!this.hold && this.inFlight < this.opts.concurrency && this.hasWork()) {
      const batch = this.queue.take(this.opts.maxRows);
      if (batch.length === 0 && !this.opts.hasOtherWork()) break;
      this.inFlight++;
      void this.opts
        .run(batch)
        .catch((err: unknown) => this.opts.onError(err))
        .finally(() => {
          this.inFlight--;
          this.queue.release(batch);
          for (const resolve of this.batchWaiters.splice(0)) resolve();
          if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
          this.schedule();
        });
      if (this.queue.rows < this.worthwhile()) break;
    }
  }
}
