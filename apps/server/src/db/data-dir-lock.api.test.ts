import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.js';

const main = fileURLToPath(new URL('../main.ts', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** main.ts on the embedded database in `dataDir`, on free ports. */
async function startServer(dataDir: string): Promise<Started & { port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PANTAU_DATA_DIR: dataDir,
      PANTAU_DEMO: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      GT06_PORT: String(await freePort()),
      OSMAND_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

// The lock guards the embedded database; on PostgreSQL runs it is covered already by the PGlite run.
describe.skipIf(Boolean(process.env.PANTAU_TEST_DATABASE_URL))('the embedded data directory lock', () => {
  let dir: string;
  let first: Started & { port: number };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pantau-lock-'));
    // A port found free may be taken by another test's socket before the server binds it (it then
    // stops with EADDRINUSE): it is started again on other ports.
    for (let attempt = 1; ; attempt++) {
      first = await startServer(dir);
      // Ready once it answers and its tracker ports, opened next, did not stop it (or gone, when it
      // could not start: the test then shows its output).
      while (first.child.exitCode === null) {
        const res = await fetch(`http://127.0.0.1:${first.port}/api/health`).catch(() => null);
        if (res?.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await Promise.race([first.exited, new Promise((resolve) => setTimeout(resolve, 1_000))]);
      if (first.child.exitCode === null || !first.output().includes('EADDRINUSE') || attempt === 3) break;
    }
  });
  afterAll(async () => {
    if (first.child.exitCode === null) first.child.kill('SIGTERM');
    await first.exited;
    await rm(dir, { recursive: true, force: true });
  });

  it('a second server on the same data directory refuses to start, naming the directory and the first server’s pid', async () => {
    expect(first.child.exitCode, first.output()).toBeNull();
    const second = await startServer(dir);
    // Were it to start, it would be stopped when the test gives up on it.
    const exitCode = await Promise.race([
      second.exited,
      new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 25_000)),
    ]);
    if (exitCode === 'running') second.child.kill('SIGKILL');
    expect(exitCode, second.output()).toBe(1);
    expect(second.output()).toContain(`Another Pantau server (pid ${first.child.pid})`);
    expect(second.output()).toContain(dir);
    // The first one is untouched and still serving.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).pid).toBe(first.child.pid);
  });

  it('a stopped server leaves no lock; a lock left by a process that is gone is taken over', async () => {
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

    // A crash leaves the file behind: a pid that no longer runs.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: gone.pid }));
    const lock = await lockDataDir(dir);
    expect(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });
});
