import { driverList, type DriverRow } from '@pantau/contracts';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';

/** GET reports/pengemudi with the list's filters: every matching driver, for the Excel export. */
export async function getDriverReport(query: Query): Promise<DriverRow[]> {
  return (await api.getAuthLong('reports/pengemudi', { query, schema: driverList })).results;
}
