import type { HitCounter } from '../../db/hit-counter.js';
import { RateLimitedError } from '../../errors.js';

export interface LoginLimits {
  /** Sliding window of failures, ms (default 15 minutes). */
  windowMs: number;
  /** Failures allowed for one (username, address) in the window (default 5). */
  perUser: number;
  /** Failures allowed for one address over all usernames in the window (default 30). */
  perIp: number;
}

export const defaultLoginLimits: LoginLimits = { windowMs: 15 * 60_000, perUser: 5, perIp: 30 };

/**
 * Counts failed password checks per (username, address) and per address, in the database
 * (db/hit-counter.ts), so failures on every instance add up to the same limit. `scope` keeps sign-in
 * and the profile's password change apart.
 */
export function createLoginLimiter(
  limits: LoginLimits,
  deps: { hits: HitCounter; clock: () => Date; scope: string },
) {
  const { hits, clock } = deps;
  // base64url: any name (even one a client sent broken) makes a key, and none holds the separator.
  const userPrefix = (username: string) =>
    `${deps.scope}:user:${Buffer.from(username.toLowerCase()).toString('base64url')}:`;
  const userKey = (username: string, ip: string) => userPrefix(username) + ip;
  const ipKey = (ip: string) => `${deps.scope}:ip:${ip}`;
  const retryAfter = (oldestMs: number | null) =>
    Math.max(1, Math.ceil(((oldestMs ?? clock().getTime()) + limits.windowMs - clock().getTime()) / 1000));

  return {
    /** Throws RateLimitedError when this username from this address, or this address, failed too often. */
    async check(username: string, ip: string): Promise<void> {
      const u = await hits.count(userKey(username, ip), limits.windowMs);
      if (u.count >= limits.perUser) throw new RateLimitedError(retryAfter(u.oldestMs));
      const i = await hits.count(ipKey(ip), limits.windowMs);
      if (i.count >= limits.perIp) throw new RateLimitedError(retryAfter(i.oldestMs));
    },
    async fail(username: string, ip: string): Promise<void> {
      await hits.add(userKey(username, ip), limits.windowMs);
      await hits.add(ipKey(ip), limits.windowMs);
    },
    /** A successful sign-in forgets the username's failures (from every address). */
    async succeed(username: string): Promise<void> {
      await hits.forget(userPrefix(username));
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
