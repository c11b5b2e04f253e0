import { describe, expect, it } from 'vitest';
import { formatDuration, formatOne, formatWhole } from './format';

describe('report formats', () => {
  it('writes durations as h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(3000)).toBe('0:50:00');
    expect(formatDuration(90_061)).toBe('25:01:01');
    expect(formatDuration(null)).toBe('—');
  });
  it('rounds to one decimal', () => {
    expect(formatOne(112.44, 'en')).toBe('112.4');
    expect(formatOne(10445.74, 'id')).toBe('10.445,7');
    expect(formatWhole(18831.4, 'en')).toBe('18,831');
    expect(formatOne(null)).toBe('—');
  });
});
