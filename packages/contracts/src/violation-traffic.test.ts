import { describe, expect, it } from 'vitest';
import { bucketOf, severityFormulaText, severityPoints, violationTrafficQuery } from './violation-traffic.js';

describe('severity points of a violation', () => {
  it.each([
    ['overspeed', 0, 1],
    ['overspeed', 10, 1],
    ['overspeed', 10.1, 2],
    ['overspeed', 20, 2],
    ['overspeed', 25, 3],
    ['overstop', 20, 1],
    ['overstop', 30, 1],
    ['overstop', 45, 2],
    ['overstop', 61, 3],
    ['overroute', 1, 1],
    ['overroute', 7.5, 2],
    ['overroute', 25, 3],
  ] as const)('%s measured %d scores %d', (kind, measure, points) => {
    expect(severityPoints(kind, measure)).toBe(points);
  });

  it('words the formula with its steps', () => {
    expect(severityFormulaText()).toContain(
      'over speed by km/h over the limit: 1 point, 2 over 10 km/h, 3 over 20 km/h',
    );
  });
});

describe('the period of Violation Traffic', () => {
  it.each([
    ['2026-11-02T00:00:00+07:00', '2026-11-09T00:00:00+07:00', 'day'],
    ['2026-11-01T00:00:00+07:00', '2026-12-01T00:00:00+07:00', 'day'],
    ['2026-10-01T00:00:00+07:00', '2026-12-01T00:00:00+07:00', 'week'],
    ['2026-01-01T00:00:00+07:00', '2027-01-01T00:00:00+07:00', 'month'],
  ])('%s to %s is cut per %s', (from, to, bucket) => {
    expect(bucketOf(from, to)).toBe(bucket);
  });

  it('S-053 says "Period Time Cannot Null" for a missing or empty end', () => {
    const parsed = violationTrafficQuery.safeParse({ from: '2026-11-02T00:00:00+07:00', to: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', 'Period Time Cannot Null'],
    ]);
  });

  it('takes a year at most', () => {
    const year = { from: '2026-01-01T00:00:00+07:00', to: '2027-01-01T00:00:00+07:00' };
    expect(violationTrafficQuery.safeParse(year).success).toBe(true);
    const more = { ...year, to: '2027-01-03T00:00:00+07:00' };
    expect(violationTrafficQuery.safeParse(more).error?.issues[0]?.path).toEqual(['to']);
  });
});
