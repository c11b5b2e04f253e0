import { sql } from 'drizzle-orm';
import type { GeofenceCategory } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

export interface GeofenceAt {
  name: string;
  category: GeofenceCategory;
}

/**
 * The geofence each vehicle was in at a moment (its visit spanning it), for the rows of one page, in
 * one query: asked after the page is cut, so a page deep into a long export does not look up the places
 * of every row it skips.
 */
export async function geofencesAt(
  db: Db,
  moments: readonly { vehicleId: number; at: Date }[],
): Promise<(GeofenceAt | null)[]> {
  const found: (GeofenceAt | null)[] = moments.map(() => null);
  if (moments.length === 0) return found;
  const vehicleIds = `{${moments.map((m) => m.vehicleId).join(',')}}`;
  const times = `{${moments.map((m) => m.at.toISOString()).join(',')}}`;
  const rows = rowsOf<{ i: number | string; name: string; category: GeofenceCategory }>(
    await db.execute(sql`
      SELECT q.i, g.name, g.category
      FROM unnest(${vehicleIds}::int[], ${times}::timestamptz[]) WITH ORDINALITY AS q(vehicle_id, at, i)
      CROSS JOIN LATERAL (
        SELECT g.name, g.category FROM geofence_visits gv JOIN geofences g ON g.geofence_id = gv.geofence_id
        WHERE gv.vehicle_id = q.vehicle_id AND gv.enter_time <= q.at
          AND (gv.exit_time IS NULL OR gv.exit_time > q.at)
        ORDER BY gv.enter_time DESC LIMIT 1
      ) g`),
  );
  for (const r of rows) found[Number(r.i) - 1] = { name: r.name, category: r.category };
  return found;
}
