#!/usr/bin/env node
// `npm test`: every test. Unit and API tests on the embedded database, the API tests again on a
// throwaway PostgreSQL cluster, then the browser end-to-end tests in Debian's Chromium against the
// built app. Provisions Chromium and PostgreSQL when they are missing and it can (root + apt), and
// says what it needs when it cannot. Prints one closing line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, startThrowawayPostgres } from './provision.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Failed tests by name, printed again at the end so the last lines of a long run name them. */
const failedTests = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

function addVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const file of j.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') {
        const why = String(t.failureMessages?.[0] ?? '')
          .split('\n')[0]
          .slice(0, 300);
        failedTests.push(`${where} › ${t.fullName}: ${why}`);
      }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed')
      failedTests.push(`${where}: ${String(file.message ?? '').split('\n')[0]}`);
  }
}

function addPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
}

const vitest = (label, outFile, args, env) =>
  run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outFile}`],
    env,
  );

// 1. Unit + API on PGlite.
const pgliteReport = path.join(reports, 'vitest-pglite.json');
vitest('unit and API tests (embedded PGlite)', pgliteReport, []);
addVitest(pgliteReport);

// 2. API on PostgreSQL.
let pg;
try {
  pg = process.env.PANTAU_TEST_DATABASE_URL
    ? { url: process.env.PANTAU_TEST_DATABASE_URL, stop() {} }
    : startThrowawayPostgres();
  const pgReport = path.join(reports, 'vitest-postgres.json');
  vitest('API tests (PostgreSQL)', pgReport, ['--project', 'api'], { PANTAU_TEST_DATABASE_URL: pg.url });
  addVitest(pgReport);
} catch (err) {
  console.error(`\nPostgreSQL API tests could not run: ${err.message}`);
  failures.push('API tests (PostgreSQL)');
} finally {
  pg?.stop();
}

// 3. Browser end-to-end against the built app.
try {
  const chromium = findChromium();
  if (run('build web app', 'npm', ['run', 'build'])) {
    const pwReport = path.join(reports, 'playwright.json');
    run('browser end-to-end (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PANTAU_CHROMIUM: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport,
    });
    addPlaywright(pwReport);
  }
} catch (err) {
  console.error(`\nBrowser tests could not run: ${err.message}`);
  failures.push('browser end-to-end (Chromium)');
}

console.log('');
for (const t of failedTests) console.log(`FAILED ${t}`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
