import type { FastifyInstance } from 'fastify';
import type { ManagementDeps } from '../management-deps.js';

/** Shared live location: /api/share-links…, /api/share/{token}. (Being built.) */
export function shareRoutes(_deps: ManagementDeps) {
  return async function routes(_fastify: FastifyInstance) {};
}
