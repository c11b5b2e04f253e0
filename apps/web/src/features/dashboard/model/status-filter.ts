import {
  homeStatusFilters,
  type DashboardGroupKey,
  type DashboardSummary,
  type HomeStatusFilter,
} from '@pantau/contracts';

export const STATUS_PARAM = 'status';

const filterKeys = new Set<string>(homeStatusFilters.map((f) => f.key));

/** The Home status filter from the URL (`?status=gpsOff`); anything unknown is 'all' (S-049). */
export function parseStatusFilter(value: string | null | undefined): HomeStatusFilter {
  return value && filterKeys.has(value) ? (value as HomeStatusFilter) : 'all';
}

/** The dashboard group a filter option shows. */
export function groupOfFilter(filter: HomeStatusFilter): DashboardGroupKey {
  return homeStatusFilters.find((f) => f.key === filter)?.group ?? 'allStates';
}

/** The filter option that shows a group, if any (there is no option for GPS on). */
export function filterOfGroup(group: DashboardGroupKey): HomeStatusFilter | undefined {
  return homeStatusFilters.find((f) => f.group === group)?.key;
}

/**
 * Keeps the items in the filter's dashboard group. The server decides group membership (order
 * groups need work orders), so the summary's `results` are the truth — 'all' too, so the table
 * always agrees with the count cards; without a summary only 'all' can be answered (everything).
 */
export function filterByStatus<T extends { kendaraanId: number }>(
  items: readonly T[],
  summary: DashboardSummary | undefined,
  filter: HomeStatusFilter,
): T[] {
  if (!summary) return filter === 'all' ? [...items] : [];
  const ids = new Set(summary[groupOfFilter(filter)].results);
  return items.filter((item) => ids.has(item.kendaraanId));
}
