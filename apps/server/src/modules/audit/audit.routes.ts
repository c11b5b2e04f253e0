import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditList, auditQuery, problem } from '@pantau/contracts';
import type { AuditService } from './audit.service.js';

/** `GET /api/audit`: the chosen unit's audit trail (Administrator only). */
export function auditRoutes(deps: { auditService: AuditService }) {
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().get(
      '/',
      {
        config: { auth: 'admin' },
        schema: {
          tags: ['audit'],
          summary: 'Audit trail of the chosen unit, newest first (Administrator only)',
          querystring: auditQuery,
          response: { 200: auditList, 400: problem, 401: problem, 403: problem },
        },
      },
      async (request) => deps.auditService.pageOfUnit(request.role.unitId, request.query),
    );
  };
}
