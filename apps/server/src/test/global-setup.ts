import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgresUrl } from '../db/client.js';
import { seedDemo } from '../db/seed/index.js';
import type { TestDbInfo } from './test-db.js';

const TEMPLATE = 'pantau_test_template';

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Builds the template database once for the whole run and tells the test files where it is. */
export default async function setup(project: TestProject) {
  const seededAt = new Date();
  const adminUrl = process.env.PANTAU_TEST_DATABASE_URL;

  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    const template = fromPostgresUrl(withDatabase(adminUrl, TEMPLATE));
    await template.migrate();
    await seedDemo(template.db, { now: seededAt });
    await template.close();
    const info: TestDbInfo = {
      kind: 'postgres',
      adminUrl,
      template: TEMPLATE,
      seededAt: seededAt.toISOString(),
    };
    project.provide('testDb', info);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(join(tmpdir(), 'pantau-test-'));
  const client = await PGlite.create();
  const template = fromPglite(client);
  await template.migrate();
  await seedDemo(template.db, { now: seededAt });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const file = join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  const info: TestDbInfo = { kind: 'pglite', file, seededAt: seededAt.toISOString() };
  project.provide('testDb', info);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
