import type { FastifyBaseLogger } from 'fastify';
import { createGt06Server } from './gt06-server.js';
import { createOsmandServer } from './osmand-server.js';
import type { Pipeline } from './types.js';

/** Starts the tracker ports (GT06 TCP, OsmAnd HTTP) on the same host as the API. */
export async function startTrackerListeners(deps: {
  pipeline: Pipeline;
  logger: FastifyBaseLogger;
  host: string;
  gt06Port: number;
  osmandPort: number;
}) {
  const gt06 = createGt06Server({ pipeline: deps.pipeline, logger: deps.logger });
  const osmand = createOsmandServer({ pipeline: deps.pipeline, logger: deps.logger });
  const gt06Address = await gt06.listen(deps.gt06Port, deps.host);
  const osmandAddress = await osmand.listen(deps.osmandPort, deps.host);
  deps.logger.info(`trackers: GT06 on TCP ${gt06Address.port}, OsmAnd on HTTP ${osmandAddress.port}`);
  return {
    gt06,
    osmand,
    /** The ports listened on (0 in the options: ones the system chose). */
    ports: { gt06: gt06Address.port, osmand: osmandAddress.port },
    /** Open tracker connections per protocol (metrics). */
    async connections() {
      return { gt06: gt06.stats().connections, osmand: await osmand.connections() };
    },
    /** Stops accepting input; positions being stored are stored and acked first. */
    async close() {
      await Promise.all([gt06.close(), osmand.close()]);
    },
  };
}
