import { dayBound } from '@pantau/contracts';
import { describe, expect, it } from 'vitest';
import { runDatePeriod, workOrderListQuery, workOrderPageQuery } from './work-order-list-query';

const wib = (day: string, edge: 'start' | 'end') => dayBound(day, edge, 'Asia/Jakarta');
const parse = (q: string, page = 1) => workOrderListQuery.parse(new URLSearchParams(q), page);

describe('the SPK list in the URL', () => {
  it('sends the filters, a page of 10 and the newest run date first by default', () => {
    const state = parse('status=abnormal&kendaraanId=7&trayekId=3&anomaly=true&search=SPK-1', 2);
    expect(workOrderPageQuery(state, null, wib)).toEqual({
      Take: 10,
      Skip: 10,
      search: 'SPK-1',
      status: 'abnormal',
      kendaraanId: 7,
      pengemudiId: undefined,
      trayekId: 3,
      anomaly: 'true',
      sortBy: 'runDate',
      sortDir: 'descend',
    });
  });

  it("ignores what it does not know and keeps the reader's sort", () => {
    const state = parse('status=lost&kendaraanId=-1&sortBy=overLeadMinutes&sortDir=ascend');
    const q = workOrderPageQuery(state, null, wib);
    expect(q.status).toBeUndefined();
    expect(q.kendaraanId).toBeUndefined();
    expect(q).toMatchObject({ sortBy: 'overLeadMinutes', sortDir: 'ascend' });
  });

  it("sends the run-date period as the instants its days start and end in the reader's zone", () => {
    const period = runDatePeriod(new URLSearchParams('from=2026-11-01&to=2026-11-03'));
    expect(workOrderPageQuery(parse(''), period, wib)).toMatchObject({
      from: '2026-10-31T17:00:00.000Z',
      to: '2026-11-03T17:00:00.000Z',
    });
    expect(runDatePeriod(new URLSearchParams('from=2026-11-03&to=2026-11-01'))).toBeNull();
    expect(runDatePeriod(new URLSearchParams('from=yesterday&to=2026-11-01'))).toBeNull();
  });
});
