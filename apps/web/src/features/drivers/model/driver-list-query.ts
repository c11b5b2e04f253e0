import {
  DEFAULT_PAGE_SIZE,
  documentStatuses,
  driverSearchQuery,
  SIM_CLASSES,
  type DriverSearchQuery,
} from '@pantau/contracts';

export type DriverSortBy = DriverSearchQuery['sortBy'];
export const DRIVER_SORTABLE: readonly DriverSortBy[] = driverSearchQuery.shape.sortBy.unwrap().options;

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined;

/** The page's filters as they stand in the URL (anything unknown is ignored). */
export interface DriverListState {
  page: number;
  search: string;
  aktif: 'true' | 'false' | undefined;
  simClass: (typeof SIM_CLASSES)[number] | undefined;
  documentStatus: (typeof documentStatuses)[number] | undefined;
  sortBy: DriverSortBy | undefined;
  sortDir: 'ascend' | 'descend' | undefined;
}

export function parseDriverList(params: URLSearchParams, page: number): DriverListState {
  return {
    page,
    search: params.get('search') ?? '',
    aktif: oneOf(['true', 'false'] as const, params.get('aktif')),
    simClass: oneOf(SIM_CLASSES, params.get('simClass')),
    documentStatus: oneOf(documentStatuses, params.get('documentStatus')),
    sortBy: oneOf(DRIVER_SORTABLE, params.get('sortBy')),
    sortDir: oneOf(['ascend', 'descend'] as const, params.get('sortDir')),
  };
}

/** The filters as the API takes them (GET pengemudi and GET reports/pengemudi), without paging. */
export function driverFilterQuery(state: DriverListState) {
  return {
    search: state.search || undefined,
    aktif: state.aktif,
    simClass: state.simClass,
    documentStatus: state.documentStatus,
    sortBy: state.sortBy,
    sortDir: state.sortBy ? (state.sortDir ?? 'ascend') : undefined,
  };
}

/** One page of the list: 10 a page (spec §9). */
export function driverPageQuery(state: DriverListState, pageSize = DEFAULT_PAGE_SIZE) {
  return { Take: pageSize, Skip: (state.page - 1) * pageSize, ...driverFilterQuery(state) };
}
