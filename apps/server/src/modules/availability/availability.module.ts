import fp from 'fastify-plugin';
import { units } from '../../db/schema/index.js';
import { availabilityRoutes } from './availability.routes.js';
import { createAvailabilityService } from './availability.service.js';
import { createHealthService } from './health.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each vehicle's availability category now (the car-carrier status reads it). */
    availability: ReturnType<typeof createAvailabilityService>;
  }
}

/** How often every unit's categories are kept in the history (besides each read of the page). */
const RECORD_MS = 60_000;

/**
 * Availability: each vehicle's category now (classify.ts), its kept history, and the maintenance
 * orders, incidents and pre-trip checks it stands on. The history is written once a minute for every
 * unit and whenever the page reads it, so "since when" is at most a minute late.
 */
export const availabilityModule = fp(
  async (app) => {
    const availability = createAvailabilityService({
      db: app.db,
      clock: app.clock,
      lastFixOf: (vehicleId) => app.pipeline.liveState(vehicleId)?.fixTime ?? null,
    });
    app.decorate('availability', availability);
    const changed = async (unitId: number) => {
      await availability
        .record(unitId)
        .catch((err: unknown) => app.log.error({ err, unitId }, 'keeping the availability history failed'));
    };
    const health = createHealthService({ db: app.db, changed });
    const timer = setInterval(() => {
      // One instance keeps the history for all.
      if (!app.singletons.held) return;
      void (async () => {
        for (const u of await app.db.select({ unitId: units.unitId }).from(units)) await changed(u.unitId);
      })().catch((err: unknown) => app.log.error({ err }, 'keeping the availability history failed'));
    }, RECORD_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await app.register(availabilityRoutes({ availability, health }), { prefix: '/api' });
  },
  {
    name: 'availability',
    dependencies: ['auth', 'pipeline'],
    decorators: { fastify: ['db', 'clock', 'pipeline', 'singletons'] },
  },
);
