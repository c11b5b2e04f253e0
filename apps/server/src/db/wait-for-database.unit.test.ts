import { describe, expect, it } from 'vitest';
import { migrateWhenReachable } from './wait-for-database.js';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('start-up before the database is reachable', () => {
  it('waits and tries again until the database answers, saying so in the log', async () => {
    let tries = 0;
    const warnings: string[] = [];
    const infos: string[] = [];
    await migrateWhenReachable(
      {
        description: 'PostgreSQL db:5432/pantau',
        async migrate() {
          tries++;
          if (tries < 4) throw refused();
        },
      },
      { warn: (m) => warnings.push(m), info: (m) => infos.push(m) },
      { firstDelayMs: 1, maxDelayMs: 2 },
    );
    expect(tries).toBe(4);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('not reachable (connect ECONNREFUSED');
    expect(infos).toEqual(['database PostgreSQL db:5432/pantau reachable; migrations applied']);
  });

  it('stops at once on a failure that waiting cannot mend', async () => {
    let tries = 0;
    const denied = Object.assign(new Error('password authentication failed for user "pantau"'), {
      code: '28P01',
    });
    await expect(
      migrateWhenReachable(
        {
          description: 'PostgreSQL',
          async migrate() {
            tries++;
            throw denied;
          },
        },
        { warn: () => undefined, info: () => undefined },
        { firstDelayMs: 1 },
      ),
    ).rejects.toBe(denied);
    expect(tries).toBe(1);
  });
});
