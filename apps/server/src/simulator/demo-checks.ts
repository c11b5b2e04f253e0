import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/**
 * The demo fleet's pre-trip checks (P2H), as its drivers do them: every morning from 05:00 local time,
 * four minutes apart in vehicle order, each vehicle not in the workshop (an open maintenance order or
 * incident) is checked by its driver and passes a quarter of an hour later. The seed writes the
 * install day's checks (one held by its defects); this writes the other days' — the history's, and each
 * new day's as the demo runs — so that readiness on the availability page goes on from day to day.
 * A day on which the vehicle already has a check is left as it is.
 */
export async function recordDemoChecks(
  db: Db,
  vehicleIds: readonly number[],
  fromMs: number,
  nowMs: number,
): Promise<number> {
  if (vehicleIds.length === 0) return 0;
  const ids = `{${vehicleIds.map((id) => Math.trunc(id)).join(',')}}`;
  const from = new Date(fromMs).toISOString();
  const now = new Date(nowMs).toISOString();
  const result = await db.execute(sql`
    INSERT INTO pretrip_checks (unit_id, vehicle_id, driver_id, started_at, passed_at, defects)
    SELECT c.unit_id, c.vehicle_id, c.driver_id, c.started, c.started + interval '15 minutes', '[]'::jsonb
    FROM (
      SELECT v.unit_id, v.vehicle_id, v.driver_id, d.day,
        (d.day + interval '5 hours'
          + (row_number() OVER (PARTITION BY v.unit_id, d.day ORDER BY v.vehicle_id) - 1) * interval '4 minutes')
          AT TIME ZONE u.time_zone AS started,
        d.day AT TIME ZONE u.time_zone AS day_start,
        (d.day + interval '1 day') AT TIME ZONE u.time_zone AS day_end
      FROM vehicles v JOIN units u USING (unit_id)
      CROSS JOIN LATERAL generate_series(
        date_trunc('day', ${from}::timestamptz AT TIME ZONE u.time_zone),
        date_trunc('day', ${now}::timestamptz AT TIME ZONE u.time_zone), interval '1 day') AS d(day)
      WHERE v.vehicle_id = ANY(${ids}::int[])
    ) c
    WHERE c.started >= ${from}::timestamptz AND c.started + interval '15 minutes' <= ${now}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM pretrip_checks p WHERE p.vehicle_id = c.vehicle_id
        AND p.started_at >= c.day_start AND p.started_at < c.day_end)
      AND NOT EXISTS (SELECT 1 FROM maintenance_orders m WHERE m.vehicle_id = c.vehicle_id
        AND m.opened_at <= c.started AND (m.closed_at IS NULL OR m.closed_at > c.started))
      AND NOT EXISTS (SELECT 1 FROM incidents i WHERE i.vehicle_id = c.vehicle_id
        AND i.opened_at <= c.started AND (i.closed_at IS NULL OR i.closed_at > c.started))
    RETURNING check_id`);
  return rowsOf(result).length;
}
