import fp from 'fastify-plugin';
import { createExportRegistry, type ExportRegistry } from './export-definition.js';
import { createExportsRepo } from './exports.repo.js';
import { exportsRoutes } from './exports.routes.js';
import { createExportsService } from './exports.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a module registers the reports it can export (`add`), before the server is ready. */
    exportRegistry: ExportRegistry;
  }
}

/**
 * Report exports as files, through a short-lived single-use link: register it before the modules
 * whose reports it exports, which add themselves to `app.exportRegistry`.
 */
export const exportsModule = fp(
  async (app) => {
    const registry = createExportRegistry();
    app.decorate('exportRegistry', registry);
    const exportsService = createExportsService({
      exportsRepo: createExportsRepo(app.db),
      registry,
      secret: app.config.jwtSecret!,
      clock: app.clock,
    });
    await app.register(exportsRoutes({ exportsService }), { prefix: '/api' });
  },
  { name: 'exports', dependencies: ['auth'], decorators: { fastify: ['config', 'db', 'clock'] } },
);
