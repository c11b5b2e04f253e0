import type { FastifyInstance } from 'fastify';
import type { ManagementDeps } from '../management-deps.js';

/** The signed-in user: /api/auth/profile, /api/auth/password, /api/auth/settings. (Being built.) */
export function profileRoutes(_deps: ManagementDeps) {
  return async function routes(_fastify: FastifyInstance) {};
}
