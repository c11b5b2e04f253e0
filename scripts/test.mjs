#!/usr/bin/env node
// `npm test`: every test. Unit and API tests on the embedded database, the API tests again on a
// throwaway PostgreSQL cluster, then the browser end-to-end tests in Debian's Chromium against the
// built app. Provisions Chromium and PostgreSQL when they are missing and it can (root + apt), and
// says what it needs when it cannot. Prints one closing line: "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
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
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') failedTests.push([...titles, spec.title].filter(Boolean).join(' › '));
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
}

/** Runs a command with its output's lines prefixed; resolves with its exit code. */
function runPrefixed(prefix, cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env } });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`${prefix} ${line}\n`);
      });
      from.on('end', () => rest && to.write(`${prefix} ${rest}\n`));
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
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
    // PANTAU_E2E_SHARDS=n runs n shards side by side, each with its own server, database, tracker
    // ports and browser. Default 1: on 2 cores two browsers drawing the map in software take longer
    // than one after the other (about 22 s a test each against 8.5 s alone).
    const shards = Math.max(1, Number(process.env.PANTAU_E2E_SHARDS ?? 1));
    const port = Number(process.env.PANTAU_E2E_PORT ?? 3100);
    const gt06 = Number(process.env.GT06_PORT ?? 5123);
    const osmand = Number(process.env.OSMAND_PORT ?? 5155);
    const data = process.env.PANTAU_E2E_DATA ?? path.join(root, '.tmp', 'e2e-data');
    console.log(`\n=== browser end-to-end (Chromium), ${shards} shard(s) ===`);
    const codes = await Promise.all(
      Array.from({ length: shards }, (_, i) =>
        runPrefixed(
          `[e2e ${i + 1}/${shards}]`,
          'npx',
          [
            'playwright',
            'test',
            '--reporter=list,json',
            ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []),
          ],
          {
            PANTAU_CHROMIUM: chromium,
            PANTAU_E2E_PORT: String(port + i),
            GT06_PORT: String(gt06 + i),
            OSMAND_PORT: String(osmand + i),
            PANTAU_E2E_DATA: shards > 1 ? `${data}-${i + 1}` : data,
            PANTAU_E2E_OUTPUT: path.join('test-results', shards > 1 ? `artifacts-${i + 1}` : 'artifacts'),
            PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, `playwright-${i + 1}.json`),
          },
        ),
      ),
    );
    if (codes.some((c) => c !== 0)) failures.push('browser end-to-end (Chromium)');
    for (let i = 0; i < shards; i++) addPlaywright(path.join(reports, `playwright-${i + 1}.json`));
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
