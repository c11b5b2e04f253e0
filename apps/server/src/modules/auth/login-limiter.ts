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

/** Most keys kept; the oldest are dropped past this so a flood of names cannot grow memory without bound. */
const MAX_KEYS = 50_000;

/**
 * Counts failed sign-ins in memory, per (username, address) and per address. In memory on purpose:
 * one process by default, and a restart forgiving failures is acceptable. Several instances behind a
 * load balancer each count their own share.
 */
export function createLoginLimiter(limits: LoginLimits, clock: () => Date) {
  const byUser = new Map<string, number[]>();
  const byIp = new Map<string, number[]>();

  const recent = (map: Map<string, number[]>, key: string, now: number) => {
    const list = (map.get(key) ?? []).filter((t) => t > now - limits.windowMs);
    if (list.length) map.set(key, list);
    else map.delete(key);
    return list;
  };
  const add = (map: Map<string, number[]>, key: string, now: number) => {
    const list = recent(map, key, now);
    list.push(now);
    map.delete(key);
    map.set(key, list);
    if (map.size > MAX_KEYS) map.delete(map.keys().next().value as string);
  };
  const userKey = (username: string, ip: string) => `${username.toLowerCase()}\u0000${ip}`;
  const retryAfter = (list: number[], now: number) =>
    Math.max(1, Math.ceil((list[0]! + limits.windowMs - now) / 1000));

  return {
    /** Throws RateLimitedError when this username from this address, or this address, failed too often. */
    check(username: string, ip: string) {
      const now = clock().getTime();
      const u = recent(byUser, userKey(username, ip), now);
      if (u.length >= limits.perUser) throw new RateLimitedError(retryAfter(u, now));
      const i = recent(byIp, ip, now);
      if (i.length >= limits.perIp) throw new RateLimitedError(retryAfter(i, now));
    },
    fail(username: string, ip: string) {
      const now = clock().getTime();
      add(byUser, userKey(username, ip), now);
      add(byIp, ip, now);
    },
    /** A successful sign-in forgets the username's failures (from every address). */
    succeed(username: string) {
      const prefix = `${username.toLowerCase()}\u0000`;
      for (const key of byUser.keys()) if (key.startsWith(prefix)) byUser.delete(key);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
