import fp from 'fastify-plugin';
import { createSingletonLock, type SingletonLock } from '../db/singleton-lock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance runs the time-based work one instance runs for all (db/singleton-lock.ts). */
    singletons: SingletonLock;
  }
}

export interface SingletonOptions {
  /** How often an instance without the lock tries to take it (default 5 s). */
  singletonRetryMs?: number;
}

/**
 * The singleton lock: tried once the app is ready (main.ts migrates first), let go when it closes.
 * Timers that do work for every unit check `app.singletons.held` on each turn.
 */
export const singletonsPlugin = fp<SingletonOptions>(
  async (app, opts) => {
    const lock = createSingletonLock({
      database: app.database,
      logger: app.log,
      ...(opts.singletonRetryMs ? { retryMs: opts.singletonRetryMs } : {}),
    });
    app.decorate('singletons', lock);
    app.addHook('onReady', async () => lock.start());
    app.addHook('onClose', async () => lock.close());
  },
  { name: 'singletons', decorators: { fastify: ['database'] } },
);
