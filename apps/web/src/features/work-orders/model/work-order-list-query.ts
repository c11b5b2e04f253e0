import { WORK_ORDER_STATUSES, workOrderSortKeys } from '@pantau/contracts';
import { listQuery } from '../../../components/management/list-query';
import type { Query } from '../../../lib/query-string';

/**
 * An SPK list's filters and sort in the URL, under the names `GET spk` takes: status, vehicle, driver,
 * route, anomaly only; the run-date period is `from` and `to` (days, see `runDatePeriod`).
 */
export const workOrderListQuery = listQuery({
  filters: {
    status: WORK_ORDER_STATUSES,
    kendaraanId: 'id',
    pengemudiId: 'id',
    trayekId: 'id',
    anomaly: ['true'],
  },
  sortable: workOrderSortKeys,
});
export type WorkOrderListState = ReturnType<typeof workOrderListQuery.parse>;
export type WorkOrderSortBy = (typeof workOrderSortKeys)[number];

/** Newest run date first until the reader sorts otherwise. */
export function withDefaultSort(state: WorkOrderListState): WorkOrderListState {
  return state.sortBy ? state : { ...state, sortBy: 'runDate', sortDir: 'descend' };
}

const isDay = (v: string | null): v is string =>
  v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** The run-date period in the URL: `from` and `to` days, both counted; absent or unreadable, none. */
export function runDatePeriod(params: URLSearchParams): { from: string; to: string } | null {
  const from = params.get('from');
  const to = params.get('to');
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}

type DayBound = (day: string, edge: 'start' | 'end') => number;

/**
 * A list's filters and sort as `GET spk` takes them, without paging (what an export takes too); the
 * period as instants: the start of `from` and the end of `to` in the reader's zone (`dayBound`).
 */
export function workOrderFilterQuery(
  state: WorkOrderListState,
  period: { from: string; to: string } | null,
  dayBound: DayBound,
): Query {
  return {
    ...workOrderListQuery.filterQuery(withDefaultSort(state)),
    ...(period
      ? {
          from: new Date(dayBound(period.from, 'start')).toISOString(),
          to: new Date(dayBound(period.to, 'end')).toISOString(),
        }
      : {}),
  };
}

/** One page of a list as `GET spk` takes it: 10 a page, the filters and the sort. */
export function workOrderPageQuery(
  state: WorkOrderListState,
  period: { from: string; to: string } | null,
  dayBound: DayBound,
): Query {
  return {
    ...workOrderListQuery.pageQuery(withDefaultSort(state)),
    ...workOrderFilterQuery(state, period, dayBound),
  };
}
