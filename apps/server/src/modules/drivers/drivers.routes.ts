import type { FastifyInstance } from 'fastify';
import type { ManagementDeps } from '../management-deps.js';

/** Drivers (pengemudi): /api/pengemudi, /api/reports/pengemudi. (Being built.) */
export function driversRoutes(_deps: ManagementDeps) {
  return async function routes(_fastify: FastifyInstance) {};
}
