import fp from 'fastify-plugin';
import { createAuditRepo } from './audit.repo.js';
import { auditRoutes } from './audit.routes.js';
import { createAuditService } from './audit.service.js';

/** `GET /api/audit`; every module writes its own entries within its writes (audit.repo.ts). */
export const auditModule = fp(
  async (app) => {
    const auditService = createAuditService({ auditRepo: createAuditRepo(app.db) });
    await app.register(auditRoutes({ auditService }), { prefix: '/api/audit' });
  },
  { name: 'audit', dependencies: ['auth'], decorators: { fastify: ['db'] } },
);
