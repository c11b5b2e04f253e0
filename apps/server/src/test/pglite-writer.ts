/**
 * Writes numbered rows into the embedded database in `<dataDir>` one transaction at a time, printing
 * each number once its commit has returned ("acknowledged"), until it is killed. The durability test
 * kills it with SIGKILL and counts what a reopened database holds.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.js';

const database = await openDatabase({ dataDir: process.argv[2]! });
await database.db.execute(sql`CREATE TABLE IF NOT EXISTS acked (n integer PRIMARY KEY, pad text)`);
for (let n = 1; ; n++) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO acked VALUES (${n}, repeat('x', 500))`);
  });
  process.stdout.write(`${n}\n`);
}
