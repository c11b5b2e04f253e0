import fp from 'fastify-plugin';
import { createMarkersRepo } from './markers.repo.js';
import { markersRoutes } from './markers.routes.js';
import { createMarkersService } from './markers.service.js';
import { createPolygonsRepo } from './polygons.repo.js';
import { polygonsRoutes } from './polygons.routes.js';
import { createPolygonsService } from './polygons.service.js';
import { createTrayekRepo } from './trayek.repo.js';
import { trayekRoutes } from './trayek.routes.js';
import { createTrayekService } from './trayek.service.js';
import { createVisitsRepo } from './visits.repo.js';
import { visitExports } from './visits.exports.js';
import { visitsRoutes } from './visits.routes.js';
import { createVisitsService } from './visits.service.js';

/**
 * The unit's geography: geofences (`/api/polygons`), markers (`/api/markers`), routes (`/api/trayek`)
 * and what the pipeline derives from them (visits, over-route). Every write to geofences or routes
 * tells the pipeline to re-read the unit's geography.
 */
export const geographyModule = fp(
  async (app) => {
    const refreshGeography = (unitId: number) => app.pipeline.refreshGeography(unitId);
    const polygonsRepo = createPolygonsRepo(app.db);
    const polygonsService = createPolygonsService({ db: app.db, polygonsRepo, refreshGeography });
    const markersService = createMarkersService({ db: app.db, markersRepo: createMarkersRepo(app.db) });
    const trayekService = createTrayekService({
      db: app.db,
      trayekRepo: createTrayekRepo(app.db),
      refreshGeography,
    });
    const visitsService = createVisitsService({ visitsRepo: createVisitsRepo(app.db), clock: app.clock });
    const exports = visitExports(visitsService);
    app.exportRegistry.add(exports.geofence);
    app.exportRegistry.add(exports.overRoute);
    await app.register(polygonsRoutes({ polygonsService }), { prefix: '/api' });
    await app.register(markersRoutes({ markersService }), { prefix: '/api' });
    await app.register(trayekRoutes({ trayekService }), { prefix: '/api' });
    await app.register(visitsRoutes({ visitsService }), { prefix: '/api' });
  },
  {
    name: 'geography',
    dependencies: ['auth', 'pipeline', 'exports'],
    decorators: { fastify: ['db', 'clock', 'exportRegistry'] },
  },
);
