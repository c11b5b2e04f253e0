import {
  DEFAULT_PAGE_SIZE,
  documentStatuses,
  vehicleClasses,
  vehicleSearchQuery,
  type VehicleSearchQuery,
} from '@pantau/contracts';

export type VehicleSortBy = VehicleSearchQuery['sortBy'];
export const VEHICLE_SORTABLE: readonly VehicleSortBy[] = vehicleSearchQuery.shape.sortBy.unwrap().options;

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined;

/** The page's filters as they stand in the URL (anything unknown is ignored). */
export interface VehicleListState {
  page: number;
  search: string;
  fleetId: number | undefined;
  vehicleClass: (typeof vehicleClasses)[number] | undefined;
  aktif: 'true' | 'false' | undefined;
  documentStatus: (typeof documentStatuses)[number] | undefined;
  sortBy: VehicleSortBy | undefined;
  sortDir: 'ascend' | 'descend' | undefined;
}

export function parseVehicleList(params: URLSearchParams, page: number): VehicleListState {
  const fleetId = Number(params.get('fleetId'));
  return {
    page,
    search: params.get('search') ?? '',
    fleetId: Number.isInteger(fleetId) && fleetId > 0 ? fleetId : undefined,
    vehicleClass: oneOf(vehicleClasses, params.get('vehicleClass')),
    aktif: oneOf(['true', 'false'] as const, params.get('aktif')),
    documentStatus: oneOf(documentStatuses, params.get('documentStatus')),
    sortBy: oneOf(VEHICLE_SORTABLE, params.get('sortBy')),
    sortDir: oneOf(['ascend', 'descend'] as const, params.get('sortDir')),
  };
}

/** The filters as the API takes them (GET kendaraan and GET reports/kendaraan), without paging. */
export function vehicleFilterQuery(state: VehicleListState) {
  return {
    search: state.search || undefined,
    fleetId: state.fleetId,
    vehicleClass: state.vehicleClass,
    aktif: state.aktif,
    documentStatus: state.documentStatus,
    sortBy: state.sortBy,
    sortDir: state.sortBy ? (state.sortDir ?? 'ascend') : undefined,
  };
}

/** One page of the list: 10 a page (spec §9). */
export function vehiclePageQuery(state: VehicleListState, pageSize = DEFAULT_PAGE_SIZE) {
  return { Take: pageSize, Skip: (state.page - 1) * pageSize, ...vehicleFilterQuery(state) };
}
