import { describe, expect, it } from 'vitest';
import { durationParts, visitSeconds } from './visit-duration';

describe('visit durations', () => {
  it.each([
    [0, { h: 0, m: 0 }],
    [59, { h: 0, m: 0 }],
    [60, { h: 0, m: 1 }],
    [3599, { h: 0, m: 59 }],
    [3600, { h: 1, m: 0 }],
    [2 * 3600 + 5 * 60 + 30, { h: 2, m: 5 }],
    [-5, { h: 0, m: 0 }],
  ])('%i s is %o', (seconds, parts) => {
    expect(durationParts(seconds)).toEqual(parts);
  });

  const enter = '2026-01-05T01:00:00.000Z';
  const now = Date.parse('2026-01-05T02:30:00.000Z');

  it('an open visit runs from its enter to now, not to its latest fix', () => {
    expect(visitSeconds({ enter, duration: 0, open: true }, now)).toBe(90 * 60);
  });

  it('a closed visit keeps its stored duration', () => {
    expect(visitSeconds({ enter, duration: 600, open: false }, now)).toBe(600);
  });
});
