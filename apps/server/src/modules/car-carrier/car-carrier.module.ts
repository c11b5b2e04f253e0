import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { carCarrierRoutes } from './car-carrier.routes.js';
import { createCarCarrierService } from './car-carrier.service.js';

const TROUBLE_REASONS = new Set([
  'incident_open',
  'wo_trouble_open',
  'maintenance_open',
  'kir_expired',
  'stnk_expired',
]);

/** The Car Carrier group: activity, summary, utility and each car carrier's status (ready or trouble). */
export const carCarrierModule = fp(
  async (app) => {
    const service = createCarCarrierService({ db: app.db, clock: app.clock });
    const status = async (unitId: number) => {
      const cc = (await app.db.execute(
        sql`SELECT vehicle_id FROM vehicles WHERE unit_id = ${unitId} AND vehicle_class = 'CC' AND aktif`,
      )) as unknown as { rows?: { vehicle_id: number }[] } | { vehicle_id: number }[];
      const ids = new Set((Array.isArray(cc) ? cc : (cc.rows ?? [])).map((r) => Number(r.vehicle_id)));
      const results = (await app.availability.current(unitId))
        .filter((r) => ids.has(r.kendaraanId))
        .map((r) => ({
          kendaraanId: r.kendaraanId,
          nomorPolisi: r.nomorPolisi,
          nomorKendaraan: r.nomorKendaraan,
          status: TROUBLE_REASONS.has(r.reason) ? ('trouble' as const) : ('ready' as const),
          reason: r.reason,
        }));
      return {
        ready: results.filter((r) => r.status === 'ready').length,
        trouble: results.filter((r) => r.status === 'trouble').length,
        results,
      };
    };
    await app.register(carCarrierRoutes({ service, status }), { prefix: '/api' });
  },
  { name: 'car-carrier', dependencies: ['auth', 'availability'], decorators: { fastify: ['db', 'clock'] } },
);
