import type { healthResponse } from '@pantau/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';

/** Health: `ok` while the database answers, `degraded` otherwise. */
export function createHealthService(deps: {
  database: Pick<Database, 'kind' | 'ping'>;
  version: string;
  clock: () => Date;
}) {
  const startedAt = deps.clock().getTime();
  return {
    async status(): Promise<z.infer<typeof healthResponse>> {
      const up = await deps.database.ping();
      return {
        status: up ? 'ok' : 'degraded',
        version: deps.version,
        database: deps.database.kind,
        uptimeSeconds: Math.round((deps.clock().getTime() - startedAt) / 1000),
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
