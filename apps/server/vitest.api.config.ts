import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

// The `api` project: the real server over a real database. The global setup builds one migrated and
// seeded template database (PGlite, or PostgreSQL when PANTAU_TEST_DATABASE_URL is set); every test
// file gets its own copy of it, so files run in parallel without seeing each other's writes.
export default defineProject({
  test: {
    name: 'api',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.api.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    // Two cores: one test file per core; each holds its own PGlite (~300 MB).
    maxWorkers: 2,
    // A worker keeps the server's modules from one file to the next (each file still builds its own
    // app on its own database): loading them again for every file cost ~100 s of a PGlite run.
    isolate: false,
    fileParallelism: true,
    testTimeout: 30_000,
    // Runs after the `unit` project (different worker settings need their own group).
    sequence: { groupOrder: 1 },
    hookTimeout: 120_000,
  },
});
