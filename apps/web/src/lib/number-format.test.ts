import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format';

describe('numbers in the UI’s language', () => {
  it('uses the language’s decimal and thousands separators', () => {
    expect(formatNumber(10445.74, { digits: 1 }, 'en')).toBe('10,445.7');
    expect(formatNumber(10445.74, { digits: 1 }, 'id')).toBe('10.445,7');
    expect(formatNumber(2.3, { digits: 1 }, 'id')).toBe('2,3');
    expect(formatNumber(1552, {}, 'id')).toBe('1.552');
    expect(formatNumber(24, { digits: 1, fixed: true }, 'id')).toBe('24,0');
    expect(formatNumber(6.66, { digits: 1, fixed: true }, 'en')).toBe('6.7');
  });
});
