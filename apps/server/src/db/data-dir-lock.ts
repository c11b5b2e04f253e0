import { unlinkSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'pantau.lock';

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Pantau server (pid ${pid}) is using the data directory ${dataDir}. ` +
        `Two servers on one embedded database would corrupt it: stop the other one first, or give this ` +
        `one its own PANTAU_DATA_DIR. (If no such process is a Pantau server, delete ${join(dataDir, LOCK_FILE)}.)`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  /** Removes the lock file (when it is still this process's). */
  release(): Promise<void>;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const pidIn = (text: string) => {
  try {
    const pid = Number((JSON.parse(text) as { pid?: unknown }).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

/**
 * Takes `<dataDir>/pantau.lock` for this process: created exclusively with this pid in it. A lock of
 * a process that is alive refuses (DataDirLockedError); one of a process that is gone (a crash, a
 * power cut) or unreadable is stale and taken over. Released on `release()` or when the process exits.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const content = `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(content);
        await handle.sync();
      } finally {
        await handle.close();
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const pid = pidIn(await readFile(file, 'utf8').catch(() => ''));
    if (pid !== null && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
    // Stale: its process is gone (or it is this process's own pid, left by an earlier life).
    await unlink(file).catch(() => undefined);
  }

  let released = false;
  const ours = async () => pidIn(await readFile(file, 'utf8').catch(() => '')) === process.pid;
  const onExit = () => {
    if (released) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', onExit);
  return {
    async release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      if (await ours()) await unlink(file).catch(() => undefined);
    },
  };
}
