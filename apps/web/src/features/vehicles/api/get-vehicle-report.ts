import { vehicleList, type VehicleRow } from '@pantau/contracts';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';

/** GET reports/kendaraan with the list's filters: every matching vehicle, for the Excel export. */
export async function getVehicleReport(query: Query): Promise<VehicleRow[]> {
  const answer = await api.getAuthLong('reports/kendaraan', { query, schema: vehicleList });
  return answer.results;
}
