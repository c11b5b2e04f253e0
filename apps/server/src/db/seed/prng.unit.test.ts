import { describe, expect, it } from 'vitest';
import { createRandom, luhnCheckDigit } from './prng.js';

describe('demo PRNG and IMEI check digit', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRandom(7);
    const b = createRandom(7);
    expect([a.next(), a.next(), a.int(1, 6)]).toEqual([b.next(), b.next(), b.int(1, 6)]);
  });

  it('computes the Luhn check digit of an IMEI', () => {
    // 49015420323751-8 is the classic IMEI example.
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(luhnCheckDigit('35209900176148')).toBe(1);
  });
});
