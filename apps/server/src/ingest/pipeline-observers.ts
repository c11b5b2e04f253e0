import type { FastifyBaseLogger } from 'fastify';
import type { Pending } from './call-queue.js';
import type { PipelineObserver } from './types.js';

/**
 * Who hears what the pipeline did (metrics, the live hub's notifications, the jobs of a recalculation).
 * One failing observer never stops the others or the pipeline.
 */
export class PipelineObservers {
  private readonly observers: PipelineObserver[] = [];
  /** Observers of stored batches: without one a batch costs nothing more. */
  private storedObservers = 0;

  constructor(private readonly logger: Pick<FastifyBaseLogger, 'error'>) {}

  add(observer: PipelineObserver): void {
    this.observers.push(observer);
    if (observer.stored) this.storedObservers++;
  }

  /** Whether anyone counts stored batches (then the pipeline notes when a batch was answered). */
  get countStored(): boolean {
    return this.storedObservers > 0;
  }

  tell(f: (o: PipelineObserver) => void): void {
    for (const o of this.observers)
      try {
        f(o);
      } catch (err) {
        this.logger.error({ err }, 'a pipeline observer failed');
      }
  }

  /** What a batch stored and how long its callers waited (answered at `at`, `performance.now()`). */
  stored(batch: readonly Pending[], at: number): void {
    const calls = batch.map((p) => ({
      protocol: p.protocol,
      positions: p.result.stored,
      waitedMs: at - p.arrivedAt,
    }));
    this.tell((o) => o.stored?.(calls));
  }
}
