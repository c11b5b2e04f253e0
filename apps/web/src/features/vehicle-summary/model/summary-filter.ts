import {
  vehicleClasses,
  vehicleMotions,
  type TrackingItem,
  type VehicleClass,
  type VehicleMotion,
} from '@pantau/contracts';

export interface SummaryFilter {
  status: VehicleMotion | 'all';
  vehicleClass: VehicleClass | 'all';
  text: string;
}

/** The filter kept in the URL: `?status=moving&class=CC&q=b 94`. Unknown values mean 'all'. */
export function parseSummaryFilter(params: URLSearchParams): SummaryFilter {
  const status = params.get('status');
  const vehicleClass = params.get('class');
  return {
    status: vehicleMotions.includes(status as VehicleMotion) ? (status as VehicleMotion) : 'all',
    vehicleClass: vehicleClasses.includes(vehicleClass as VehicleClass)
      ? (vehicleClass as VehicleClass)
      : 'all',
    text: params.get('q') ?? '',
  };
}

export function summaryFilterParams(filter: SummaryFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (filter.status !== 'all') out.status = filter.status;
  if (filter.vehicleClass !== 'all') out.class = filter.vehicleClass;
  if (filter.text.trim()) out.q = filter.text;
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Free text matches the plate, hull number, driver or place, ignoring case and spaces. */
export function matchesText(v: TrackingItem, text: string): boolean {
  const needle = squash(text);
  if (!needle) return true;
  return [v.nomorPolisi, v.nomorKendaraan, v.driver?.name, v.location].some(
    (s) => s !== undefined && s !== null && squash(s).includes(needle),
  );
}

/** Class and text only: what the status counts are taken over. */
export function filterByClassAndText(
  vehicles: readonly TrackingItem[],
  filter: SummaryFilter,
): TrackingItem[] {
  return vehicles.filter(
    (v) =>
      (filter.vehicleClass === 'all' || v.vehicleClass === filter.vehicleClass) &&
      matchesText(v, filter.text),
  );
}

export function filterSummary(vehicles: readonly TrackingItem[], filter: SummaryFilter): TrackingItem[] {
  return filterByClassAndText(vehicles, filter).filter(
    (v) => filter.status === 'all' || v.motion === filter.status,
  );
}

/** How many vehicles are in each status. */
export function countByMotion(vehicles: readonly TrackingItem[]): Record<VehicleMotion, number> {
  const counts = Object.fromEntries(vehicleMotions.map((m) => [m, 0])) as Record<VehicleMotion, number>;
  for (const v of vehicles) counts[v.motion] += 1;
  return counts;
}

export const sortKeys = [
  'plate',
  'hull',
  'class',
  'status',
  'gps',
  'ignition',
  'lastPosition',
  'lastFix',
  'speed',
  'todayDistance',
  'todayEngineHours',
  'driver',
] as const;
export type SortKey = (typeof sortKeys)[number];
export interface SummarySort {
  key: SortKey;
  order: 'ascend' | 'descend';
}

const motionRank: Record<VehicleMotion, number> = { moving: 0, idle: 1, stopped: 2, offline: 3, nodata: 4 };
const position = (v: TrackingItem) =>
  v.location ?? (v.lat !== null && v.lon !== null ? `${v.lat.toFixed(5)}, ${v.lon.toFixed(5)}` : '');

/** Compares two vehicles on one column; missing values sort last when ascending. */
const compare: Record<SortKey, (a: TrackingItem, b: TrackingItem) => number> = {
  plate: (a, b) => a.nomorPolisi.localeCompare(b.nomorPolisi, undefined, { numeric: true }),
  hull: (a, b) => a.nomorKendaraan.localeCompare(b.nomorKendaraan, undefined, { numeric: true }),
  class: (a, b) => a.vehicleClass.localeCompare(b.vehicleClass),
  status: (a, b) => motionRank[a.motion] - motionRank[b.motion],
  gps: (a, b) => a.gpsStatus.localeCompare(b.gpsStatus),
  ignition: (a, b) => rankIgnition(a.ignition) - rankIgnition(b.ignition),
  lastPosition: (a, b) => textLast(position(a), position(b)),
  lastFix: (a, b) =>
    (a.fixTime ? Date.parse(a.fixTime) : -Infinity) - (b.fixTime ? Date.parse(b.fixTime) : -Infinity) || 0,
  speed: (a, b) => a.speed - b.speed,
  todayDistance: (a, b) => a.todayDistanceKm - b.todayDistanceKm,
  todayEngineHours: (a, b) => a.todayEngineHours - b.todayEngineHours,
  driver: (a, b) => textLast(a.driver?.name ?? '', b.driver?.name ?? ''),
};

function rankIgnition(v: boolean | null): number {
  return v === true ? 0 : v === false ? 1 : 2;
}
function textLast(a: string, b: string): number {
  if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1);
  return a.localeCompare(b);
}

/** Sorted copy (stable; ties keep plate order). Without a sort: by plate. */
export function sortSummary(vehicles: readonly TrackingItem[], sort: SummarySort | null): TrackingItem[] {
  const byPlate = [...vehicles].sort(compare.plate);
  if (!sort) return byPlate;
  const sign = sort.order === 'ascend' ? 1 : -1;
  const cmp = compare[sort.key];
  return byPlate.sort((a, b) => sign * cmp(a, b));
}
