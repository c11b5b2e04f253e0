import type { FastifyBaseLogger } from 'fastify';
import { retryWhileUnavailable } from '../db/availability.js';
import type { WriterLock, WriterLockHooks } from '../db/writer-lock.js';
import { batchRetry } from './commit.js';
import type { StateWriter } from './state-writer.js';

/**
 * How a pipeline writes `vehicle_state` now: behind (alone on its database), or in each batch with
 * versions (`shared`: other instances may write it). Fixed, or, with a writer lock (PostgreSQL), set by
 * the lock's mode and switched as instances join and leave (db/writer-lock.ts, docs/decisions.md).
 */
export interface WriterMode {
  /** Whether other instances may write `vehicle_state`. */
  readonly shared: boolean;
  /** States are written behind (not in the batch or tick that moved them). */
  behind(): boolean;
  /** At start, before the states are read: alone or not (a newcomer waits for the one alone). */
  begin(): Promise<void>;
  /** Starts following the lock. */
  watch(): void;
  /** Before a batch: after the lock was lost, takes it again first. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createWriterMode(opts: {
  /** The mode without a lock; with one, the mode until the lock says otherwise. */
  shared: boolean;
  writerLock: WriterLock | undefined;
  stateWriter: StateWriter;
  /** Whether states are ever written behind (a flush interval above 0). */
  canWriteBehind: boolean;
  /** Runs `work` with no batch or tick in flight (the scheduler's exclusive turn). */
  exclusive(work: () => Promise<void>): Promise<void>;
  /** Takes in the states other instances wrote. */
  readOthers(): Promise<void>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  retryMs: number;
}): WriterMode {
  const { writerLock, stateWriter } = opts;
  let shared = opts.shared;

  /** Writes every state held behind, or fails. */
  async function writeAllBehind() {
    await stateWriter.flush();
    if (stateWriter.pending > 0) throw new Error('the live states held could not be written');
  }

  // Alone → shared runs alone in the pipeline: the states held are written, and every batch from then
  // on writes its own with versions. Shared → alone takes in the last states the others wrote.
  const hooks: WriterLockHooks = {
    toShared: () =>
      opts.exclusive(async () => {
        await writeAllBehind();
        shared = true;
      }),
    toSolo: () =>
      opts.exclusive(async () => {
        await opts.readOthers();
        shared = false;
      }),
    lost: () => {
      // Until it is taken again, batches write as if shared (the safe way), once they may run at all.
      shared = true;
    },
  };

  let retaking: Promise<void> | null = null;
  /** The lock was lost with its connection: taken again, what is held written, the others' read. */
  function retake(lock: WriterLock): Promise<void> {
    retaking ??= (async () => {
      try {
        const retry = batchRetry(opts);
        const mode = await retryWhileUnavailable(() => lock.acquire(), retry);
        await retryWhileUnavailable(writeAllBehind, retry);
        await opts.readOthers();
        shared = mode === 'shared';
      } finally {
        retaking = null;
      }
    })();
    return retaking;
  }

  return {
    get shared() {
      return shared;
    },
    behind: () => !shared && opts.canWriteBehind,
    async begin() {
      if (writerLock) shared = (await writerLock.acquire()) === 'shared';
    },
    watch() {
      writerLock?.watch(hooks);
    },
    async ready() {
      if (writerLock && !writerLock.mode) await retake(writerLock);
    },
    async close() {
      await writerLock?.close();
    },
  };
}
