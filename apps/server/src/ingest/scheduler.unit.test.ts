import { describe, expect, it } from 'vitest';
import { CallQueue, type Accepted, type Pending } from './call-queue.js';
import { BatchScheduler, type SchedulerOptions } from './scheduler.js';

/** A call of one position for each vehicle id given. */
function call(...vehicleIds: number[]): Pending {
  const pending: Pending = {
    accepted: [],
    result: { stored: 0, dropped: [] },
    protocol: 'simulator',
    arrivedAt: 0,
    resolve() {},
    reject() {},
  };
  for (const vehicleId of vehicleIds)
    pending.accepted.push({ vehicleId, position: { fixTime: new Date(0) } } as Accepted);
  return pending;
}

/** A scheduler whose batches finish when the test says so, with a log of what ran. */
function harness(opts: Partial<SchedulerOptions> = {}) {
  const log: string[] = [];
  const finish: (() => void)[] = [];
  const scheduler = new BatchScheduler({
    maxRows: 4000,
    intervalMs: 0,
    concurrency: 1,
    hasOtherWork: () => false,
    onError: (err) => log.push(`error ${String(err)}`),
    run: (batch) => {
      log.push(`batch ${batch.map((p) => p.accepted.map((a) => a.vehicleId).join('+')).join(',')}`);
      return new Promise<void>((resolve) => finish.push(resolve));
    },
    ...opts,
  });
  /** Two turns of the event loop: a finished batch schedules the next one for the end of a turn. */
  const settle = async () => {
    for (let k = 0; k < 2; k++) await new Promise((resolve) => setImmediate(resolve));
  };
  const finishAll = async () => {
    for (const done of finish.splice(0)) done();
    await settle();
  };
  return { scheduler, log, finishAll, settle };
}

describe('BatchScheduler', () => {
  it('puts the calls of one turn in one batch, and what queues meanwhile in the next', async () => {
    const { scheduler, log, finishAll, settle } = harness();
    scheduler.submit(call(1));
    scheduler.submit(call(2));
    await settle();
    scheduler.submit(call(3));
    scheduler.submit(call(4, 5));
    await settle();
    expect(log).toEqual(['batch 1,2']);
    await finishAll();
    expect(log).toEqual(['batch 1,2', 'batch 3,4+5']);
  });

  it('keeps a vehicle in one batch at a time, even with room for more', async () => {
    const { scheduler, log, finishAll, settle } = harness({ concurrency: 3, maxRows: 1 });
    scheduler.submit(call(1));
    await settle();
    for (const id of [1, 2, 1, 3]) scheduler.submit(call(id));
    // The queue holds a worthwhile batch (maxRows 1) of vehicles not in flight: 2, then 3.
    expect(log).toEqual(['batch 1', 'batch 2', 'batch 3']);
    await finishAll();
    expect(log.slice(3)).toEqual(['batch 1']);
    await finishAll();
    expect(log.slice(4)).toEqual(['batch 1']);
  });

  it('keeps the waiting calls in arrival order around a full batch taken from between them', () => {
    const queue = new CallQueue();
    const calls = [1, 2, 1, 3, 4, 5].map((id) => call(id));
    queue.push(call(1));
    const first = queue.take(1);
    for (const c of calls) queue.push(c);
    const ids = (batch: Pending[]) => batch.map((p) => p.accepted[0]!.vehicleId);
    // Vehicle 1 is in a batch: its calls wait in place, 2 and 3 fill one, 4 and 5 stay behind.
    expect(ids(queue.take(2))).toEqual([2, 3]);
    expect(queue.rows).toBe(4);
    queue.release(first);
    expect(ids(queue.take(2))).toEqual([1, 1]);
    expect(queue.calls).toBe(2);
    expect(ids(queue.take(10))).toEqual([4, 5]);
    expect(ids(queue.take(10))).toEqual([]);
  });

  it('runs exclusive work alone: after the batch in flight, before the calls queued meanwhile', async () => {
    const { scheduler, log, finishAll, settle } = harness();
    scheduler.submit(call(1));
    await settle();
    const exclusive = scheduler.exclusive(async () => {
      log.push('tick');
    });
    scheduler.submit(call(2));
    await settle();
    expect(log).toEqual(['batch 1']);
    await finishAll();
    await exclusive;
    await settle();
    expect(log).toEqual(['batch 1', 'tick', 'batch 2']);
    await finishAll();
  });

  it('drains what is queued before it answers, and reports a batch that failed', async () => {
    let other = true;
    const { scheduler, log } = harness({
      hasOtherWork: () => other,
      run: async (batch) => {
        other = false;
        log.push(`batch of ${batch.length}`);
        if (batch.length === 0) throw new Error('no database');
      },
    });
    scheduler.submit(call(1));
    await scheduler.drain();
    expect(log).toEqual(['batch of 1']);
    other = true;
    scheduler.schedule();
    await scheduler.drain();
    expect(log).toEqual(['batch of 1', 'batch of 0', 'error Error: no database']);
  });
});
