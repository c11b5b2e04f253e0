import { describe, expect, it } from 'vitest';
import { formatMinutes } from './duration';

const en = { h: 'h', min: 'min' };

describe('formatMinutes', () => {
  it.each([
    [270, '4 h 30 min'],
    [45, '45 min'],
    [120, '2 h'],
    [0, '0 min'],
    [1625, '27 h 5 min'],
    [-15, '−15 min'],
  ])('%s minutes read "%s"', (minutes, text) => {
    expect(formatMinutes(minutes, en)).toBe(text);
  });

  it('is a dash when the time is not known yet', () => {
    expect(formatMinutes(null, en)).toBe('—');
    expect(formatMinutes(undefined, en)).toBe('—');
  });

  it("speaks the reader's units", () => {
    expect(formatMinutes(270, { h: 'jam', min: 'mnt' })).toBe('4 jam 30 mnt');
  });
});
