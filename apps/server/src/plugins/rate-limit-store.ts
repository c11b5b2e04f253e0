import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { HitCounter } from '../db/hit-counter.js';

/** What the plugin passes a store: a route's own store is given the route (`routeInfo`). */
interface StoreParams {
  routeInfo?: { method?: string | string[]; url?: string };
}
type Answer = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A store for `@fastify/rate-limit` over the database's hit counter: a route's limit counts the
 * requests of every instance (its own memory would count only this instance's share).
 */
export function hitCounterStore(hits: HitCounter, clock: () => Date): FastifyRateLimitStoreCtor {
  return class HitCounterStore implements FastifyRateLimitStore {
    private readonly route: string;

    constructor(params: object = {}) {
      const { routeInfo } = params as StoreParams;
      const method = routeInfo?.method;
      this.route = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${routeInfo?.url ?? ''}`;
    }

    incr(key: string, answer: Answer, timeWindow: number): void {
      hits.add(`route:${this.route}:${key}`, timeWindow).then(
        (h) => {
          const now = clock().getTime();
          answer(null, { current: h.count, ttl: Math.max(0, (h.oldestMs ?? now) + timeWindow - now) });
        },
        (err: unknown) => answer(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(params: object): FastifyRateLimitStore {
      return new HitCounterStore(params);
    }
  };
}
