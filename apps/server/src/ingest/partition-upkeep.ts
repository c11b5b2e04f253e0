import type { FastifyBaseLogger } from 'fastify';
import type { PositionPartitions } from '../db/partitions.js';

/** How often the months of `positions` are looked after (created ahead, dropped past the retention). */
const EVERY_MS = 24 * 3600_000;

/**
 * The months of `positions`, looked after at start and daily: the next ones created, those past the
 * retention dropped; logged. Never awaited by a batch: a batch creates the months it needs itself, and
 * a detach waits for readers.
 */
export class PartitionUpkeep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly partitions: PositionPartitions,
    private readonly clock: () => Date,
    private readonly logger: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
    private readonly options: { retentionMonths: number | undefined; concurrently: boolean },
  ) {}

  /** Looks after the months now and, unless `once`, every day from now on. */
  start(once = false): void {
    this.running = this.keep();
    if (once || this.timer) return;
    this.timer = setInterval(() => (this.running = this.keep()), EVERY_MS);
    this.timer.unref();
  }

  /** Stops the daily round and waits for one under way. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async keep(): Promise<void> {
    const { retentionMonths, concurrently } = this.options;
    try {
      const { created, dropped } = await this.partitions.maintain(this.clock(), {
        retentionMonths,
        concurrently,
        onError: (err, partition) =>
          this.logger.warn({ err, partition }, 'detaching a month of positions failed; dropping it'),
      });
      if (created.length > 0) this.logger.info({ partitions: created }, 'months of positions created');
      if (dropped.length > 0)
        this.logger.info(
          { partitions: dropped, retentionMonths },
          'months of positions past the retention dropped',
        );
    } catch (err) {
      this.logger.error({ err }, 'looking after the months of positions failed');
    }
  }
}
