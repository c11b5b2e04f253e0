import { z } from 'zod';

/** Dashboard groups (spec §3). `results` holds the kendaraanIds in the group. */
export const dashboardGroupKeys = [
  'allStates',
  'gpsOff',
  'gpsOn',
  'ignitionOff',
  'ignitionOn',
  'orderKosongan',
  'orderWaiting',
  'orderOnProgress',
  'orderAbnormal',
] as const;
export type DashboardGroupKey = (typeof dashboardGroupKeys)[number];

const group = z.object({ count: z.number().int().min(0), results: z.array(z.number().int()) });
export const dashboardSummary = z.object(
  Object.fromEntries(dashboardGroupKeys.map((k) => [k, group])) as Record<DashboardGroupKey, typeof group>,
);
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** Home status filter options (spec §4), each naming the dashboard group it shows. */
export const homeStatusFilters = [
  { key: 'all', group: 'allStates' },
  { key: 'gpsOff', group: 'gpsOff' },
  { key: 'ignitionOff', group: 'ignitionOff' },
  { key: 'ignitionOn', group: 'ignitionOn' },
  { key: 'emptyOrder', group: 'orderKosongan' },
  { key: 'waitingOrder', group: 'orderWaiting' },
  { key: 'orderOnProcess', group: 'orderOnProgress' },
  { key: 'abnormalOrder', group: 'orderAbnormal' },
] as const satisfies readonly { key: string; group: DashboardGroupKey }[];
export type HomeStatusFilter = (typeof homeStatusFilters)[number]['key'];
