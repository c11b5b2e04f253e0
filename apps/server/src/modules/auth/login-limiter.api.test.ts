import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createHitCounter } from '../../db/hit-counter.js';
import { RateLimitedError } from '../../errors.js';
import { createTestDatabase } from '../../test/test-db.js';
import { createLoginLimiter } from './login-limiter.js';

describe('login limiter', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const setup = (scope: string) => {
    let now = 1_000_000;
    const clock = () => new Date(now);
    const limiter = createLoginLimiter(
      { windowMs: 60_000, perUser: 3, perIp: 5 },
      { hits: createHitCounter(database.db, clock), clock, scope },
    );
    return { limiter, advance: (ms: number) => (now += ms) };
  };

  it('blocks a (username, address) after perUser failures, with the seconds to wait', async () => {
    const { limiter, advance } = setup('a');
    for (let i = 0; i < 3; i++) await limiter.fail('Admin', '1.1.1.1');
    advance(10_000);
    const err = await limiter.check('admin', '1.1.1.1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterSeconds).toBe(50);
    await expect(limiter.check('admin', '2.2.2.2')).resolves.toBeUndefined();
    advance(50_001);
    await expect(limiter.check('admin', '1.1.1.1')).resolves.toBeUndefined();
  });

  it('caps an address over all usernames and forgets a username on success', async () => {
    const { limiter } = setup('b');
    await limiter.fail('a', 'ip');
    await limiter.fail('a', 'ip');
    await limiter.succeed('A');
    await expect(limiter.check('a', 'ip')).resolves.toBeUndefined();
    for (const u of ['b', 'c', 'd']) await limiter.fail(u, 'ip');
    await expect(limiter.check('zzz', 'ip')).rejects.toThrow(RateLimitedError);
    await expect(limiter.check('zzz', 'other-ip')).resolves.toBeUndefined();
  });

  it('counts any username, even one with a broken character', async () => {
    const { limiter } = setup('e');
    await limiter.fail('\ud800', 'ip');
    await expect(limiter.check('\ud800', 'ip')).resolves.toBeUndefined();
  });

  it('keeps its scopes apart', async () => {
    const signIn = setup('c');
    const password = setup('d');
    for (let i = 0; i < 3; i++) await signIn.limiter.fail('x', 'ip');
    await expect(signIn.limiter.check('x', 'ip')).rejects.toThrow(RateLimitedError);
    await expect(password.limiter.check('x', 'ip')).resolves.toBeUndefined();
  });
});
