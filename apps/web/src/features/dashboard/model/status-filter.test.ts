import { dashboardGroupKeys, homeStatusFilters, type DashboardSummary } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { filterByStatus, filterOfGroup, groupOfFilter, parseStatusFilter } from './status-filter';

const summary = (groups: Partial<Record<(typeof dashboardGroupKeys)[number], number[]>>): DashboardSummary =>
  Object.fromEntries(
    dashboardGroupKeys.map((k) => [k, { count: groups[k]?.length ?? 0, results: groups[k] ?? [] }]),
  ) as DashboardSummary;

const items = [1, 2, 3, 4, 5].map((kendaraanId) => ({ kendaraanId }));
const s = summary({
  allStates: [1, 2, 3, 4],
  gpsOn: [1, 2, 3],
  gpsOff: [4],
  ignitionOn: [1, 2],
  ignitionOff: [3, 4],
  orderKosongan: [1, 2, 3, 4],
});

describe('Home status filter (S-049)', () => {
  it('has the spec eight options, each naming a dashboard group', () => {
    expect(homeStatusFilters.map((f) => f.key)).toEqual([
      'all',
      'gpsOff',
      'ignitionOff',
      'ignitionOn',
      'emptyOrder',
      'waitingOrder',
      'orderOnProcess',
      'abnormalOrder',
    ]);
  });

  it.each([
    ['gpsOff', 'gpsOff'],
    ['emptyOrder', 'emptyOrder'],
    [null, 'all'],
    ['', 'all'],
    ['gpsOn', 'all'],
    ['nonsense', 'all'],
  ])('reads %j from the URL as %s', (raw, expected) => {
    expect(parseStatusFilter(raw)).toBe(expected);
  });

  it('maps options to groups and back; GPS on has no option', () => {
    expect(groupOfFilter('orderOnProcess')).toBe('orderOnProgress');
    expect(groupOfFilter('all')).toBe('allStates');
    expect(filterOfGroup('orderAbnormal')).toBe('abnormalOrder');
    expect(filterOfGroup('allStates')).toBe('all');
    expect(filterOfGroup('gpsOn')).toBeUndefined();
  });

  it.each([
    ['all', [1, 2, 3, 4]],
    ['gpsOff', [4]],
    ['ignitionOn', [1, 2]],
    ['ignitionOff', [3, 4]],
    ['emptyOrder', [1, 2, 3, 4]],
    ['waitingOrder', []],
    ['abnormalOrder', []],
  ] as const)('filter %s keeps the group members %j, in the items order', (filter, ids) => {
    expect(filterByStatus(items, s, filter).map((i) => i.kendaraanId)).toEqual(ids);
  });

  it('without a summary, all shows everything and the other options nothing', () => {
    expect(filterByStatus(items, undefined, 'all')).toHaveLength(5);
    expect(filterByStatus(items, undefined, 'gpsOff')).toEqual([]);
  });
});
