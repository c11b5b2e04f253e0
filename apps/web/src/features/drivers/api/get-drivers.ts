import { driverList, type DriverRow } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';
import { driverKeys } from './driver-keys';

/** GET pengemudi?Take&Skip&search&aktif&simClass&documentStatus&sortBy&sortDir — one page. */
export const getDrivers = (query: Query) => api.getAuth('pengemudi', { query, schema: driverList });

export function useDrivers(unitId: number | undefined, query: Query) {
  return useQuery({
    queryKey: driverKeys.list(unitId, query),
    queryFn: () => getDrivers(query),
    placeholderData: keepPreviousData,
  });
}

/** GET reports/pengemudi with the list's filters: every matching driver, for the Excel export. */
export async function getDriverReport(query: Query): Promise<DriverRow[]> {
  return (await api.getAuthLong('reports/pengemudi', { query, schema: driverList })).results;
}
