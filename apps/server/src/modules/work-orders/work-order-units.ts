import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { workOrderUnitList, workOrderUnitQuery } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import { containing } from '../kit/list-query.js';
import type { WorkOrdersService } from './work-orders.service.js';
import { rowsOf } from '../../db/rows.js';

/** `spk/unit`: the unit's vehicles (the operator's "units") with their current SPK and last 30 days. */
export function createWorkOrderUnits(deps: { db: Db; service: WorkOrdersService; clock: () => Date }) {
  const { db, service, clock } = deps;
  return {
    async list(
      unitId: number,
      q: z.infer<typeof workOrderUnitQuery>,
    ): Promise<z.infer<typeof workOrderUnitList>> {
      const search = q.search ? containing(q.search) : null;
      const where = sql`v.unit_id = ${unitId} AND v.aktif
        ${search ? sql`AND (v.plate_number ILIKE ${search} OR v.hull_number ILIKE ${search})` : sql``}`;
      const since = new Date(clock().getTime() - 30 * 86_400_000).toISOString();
      const [total] = rowsOf<{ n: unknown }>(
        await db.execute(sql`SELECT count(*) AS n FROM vehicles v WHERE ${where}`),
      );
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          SELECT v.vehicle_id, v.plate_number, v.hull_number,
            count(w.work_order_id) FILTER (WHERE w.status = 'done') AS done,
            count(w.work_order_id) FILTER (WHERE w.status <> 'cancelled' AND w.anomaly_count > 0) AS abnormal
          FROM vehicles v
          LEFT JOIN work_orders w ON w.vehicle_id = v.vehicle_id AND w.run_at >= ${since}::timestamptz
            ${q.kind ? sql`AND w.kind = ${q.kind}` : sql``}
          WHERE ${where}
          GROUP BY v.vehicle_id ORDER BY v.plate_number, v.vehicle_id
          LIMIT ${q.Take} OFFSET ${q.Skip}`),
      );
      const current = await service.currentByVehicle(unitId);
      return {
        count: Number(total?.n ?? 0),
        results: rows.map((r) => {
          const c = current.get(Number(r.vehicle_id)) ?? null;
          return {
            kendaraanId: Number(r.vehicle_id),
            nomorPolisi: String(r.plate_number),
            nomorKendaraan: String(r.hull_number),
            current: c && (!q.kind || c.kind === q.kind) ? c : null,
            done: Number(r.done),
            abnormal: Number(r.abnormal),
          };
        }),
      };
    },
  };
}

export type WorkOrderUnits = ReturnType<typeof createWorkOrderUnits>;
