import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../../errors.js';
import { createLoginLimiter } from './login-limiter.js';

describe('login limiter', () => {
  const setup = () => {
    let now = 1_000_000;
    const limiter = createLoginLimiter({ windowMs: 60_000, perUser: 3, perIp: 5 }, () => new Date(now));
    return { limiter, advance: (ms: number) => (now += ms) };
  };

  it('blocks a (username, address) after perUser failures, with the seconds to wait', () => {
    const { limiter, advance } = setup();
    for (let i = 0; i < 3; i++) limiter.fail('Admin', '1.1.1.1');
    advance(10_000);
    const err = (() => {
      try {
        limiter.check('admin', '1.1.1.1');
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterSeconds).toBe(50);
    expect(() => limiter.check('admin', '2.2.2.2')).not.toThrow();
    advance(50_001);
    expect(() => limiter.check('admin', '1.1.1.1')).not.toThrow();
  });

  it('caps an address over all usernames and forgets a username on success', () => {
    const { limiter } = setup();
    limiter.fail('a', 'ip');
    limiter.fail('a', 'ip');
    limiter.succeed('A');
    expect(() => limiter.check('a', 'ip')).not.toThrow();
    for (const u of ['b', 'c', 'd']) limiter.fail(u, 'ip');
    expect(() => limiter.check('zzz', 'ip')).toThrow(RateLimitedError);
    expect(() => limiter.check('zzz', 'other-ip')).not.toThrow();
  });
});
