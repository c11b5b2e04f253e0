// Finds or installs what the test run needs outside npm: Debian's Chromium and a PostgreSQL server.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
let aptUpdated = false;

function aptInstall(pkg) {
  if (!isRoot || !hasApt) return false;
  console.log(`Installing Debian package ${pkg} …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  return spawnSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env }).status === 0;
}

const CHROMIUM = '/usr/bin/chromium';
// Debian's build of Chromium's headless shell (package chromium-headless-shell): the same browser
// without a window system's compositing, which Playwright itself runs for headless tests. On 2 cores
// the browser tests take about a third less time in it than in the full browser.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The Chromium the browser tests run, without installing anything: PANTAU_CHROMIUM, else Debian's
 * headless shell, else Debian's full browser. */
export function localChromium() {
  if (process.env.PANTAU_CHROMIUM) return process.env.PANTAU_CHROMIUM;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM;
}

/** Path of a Chromium for Playwright (`localChromium`); installs Debian's packages when missing and
 * possible. */
export function findChromium() {
  const wanted = localChromium();
  if (existsSync(wanted)) return wanted;
  if (process.env.PANTAU_CHROMIUM)
    throw new Error(`no Chromium at ${wanted} (PANTAU_CHROMIUM). Playwright never downloads one here.`);
  if (aptInstall('chromium-headless-shell') && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (existsSync(CHROMIUM) || (aptInstall('chromium') && existsSync(CHROMIUM))) return CHROMIUM;
  throw new Error(
    `no Chromium at ${HEADLESS_SHELL} or ${CHROMIUM}. Install Debian's browser (as root: apt-get ` +
      'install -y chromium chromium-headless-shell) or point PANTAU_CHROMIUM at a Chromium binary. ' +
      'Playwright never downloads one here.',
  );
}

function findPgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(base, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

function freePort() {
  // Synchronous callers: probe with a child process so this stays a plain function.
  const out = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ]);
  return Number(String(out).trim());
}

/**
 * Starts a throwaway PostgreSQL cluster on a free loopback port with trust auth and answers its URL,
 * a stop function and a restart function (`pg_ctl restart -m fast|immediate`). initdb refuses to run
 * as root, so as root the cluster belongs to `postgres`. Tests trade durability for speed (no fsync,
 * asynchronous commit); `{ durable: true }` keeps PostgreSQL's defaults (for crash and restart runs).
 */
export function startThrowawayPostgres({ durable = false } = {}) {
  let bin = findPgBin();
  if (!bin && aptInstall('postgresql')) bin = findPgBin();
  if (!bin) {
    throw new Error(
      'no PostgreSQL server binaries (initdb) under /usr/lib/postgresql. Install them (as root: ' +
        'apt-get install -y postgresql) or set PANTAU_TEST_DATABASE_URL to a database the tests may use.',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantau-pg-'));
  const asPostgres = isRoot;
  if (asPostgres)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'])),
      Number(execFileSync('id', ['-g', 'postgres'])),
    );
  const port = freePort();
  const data = path.join(dir, 'data');
  const pgRun = (cmd, args) => {
    const full = [path.join(bin, cmd), ...args];
    const r = asPostgres
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', full.map((a) => `'${a}'`).join(' ')], {
          encoding: 'utf8',
        })
      : spawnSync(full[0], full.slice(1), { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const pgRunAsync = (cmd, args) =>
    new Promise((resolve, reject) => {
      const full = [path.join(bin, cmd), ...args];
      const child = asPostgres
        ? spawn('su', ['postgres', '-s', '/bin/sh', '-c', full.map((a) => `'${a}'`).join(' ')])
        : spawn(full[0], full.slice(1));
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed: ${output}`))));
    });
  const logArgs = ['-l', path.join(dir, 'log')];
  pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast}`;
  pgRun('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', 'start']);
  console.log(`Throwaway PostgreSQL (${path.basename(path.dirname(bin))}) on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /**
     * Stops the server (`fast`: sessions ended, checkpoint; `immediate`: as in a crash, recovery at the
     * next start) and starts it again. Asynchronous: the caller's event loop keeps running meanwhile.
     */
    restart: (mode = 'fast') =>
      pgRunAsync('pg_ctl', ['-D', data, '-m', mode, '-o', opts, ...logArgs, '-w', 'restart']),
    /** Stops the server only (`start()` brings it back). */
    halt: (mode = 'fast') => pgRunAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start: () => pgRunAsync('pg_ctl', ['-D', data, '-o', opts, ...logArgs, '-w', 'start']),
    stop() {
      try {
        pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
