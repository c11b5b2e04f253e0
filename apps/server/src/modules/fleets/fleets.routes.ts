import type { FastifyInstance } from 'fastify';
import type { ManagementDeps } from '../management-deps.js';

/** Fleets and the unit: /api/units/fleet…, /api/units/info. (Being built.) */
export function fleetsRoutes(_deps: ManagementDeps) {
  return async function routes(_fastify: FastifyInstance) {};
}
