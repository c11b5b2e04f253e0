import { describe, expect, it } from 'vitest';
import { advance, clampIndex, DEFAULT_PLAY_SPEED, multiplierOf, playSpeedOf, stepIndex } from './player';

describe('player', () => {
  it('plays one step per 1000 ms by default, ×8 eight times as fast', () => {
    expect(DEFAULT_PLAY_SPEED).toBe(1000);
    expect(playSpeedOf(8)).toBe(125);
    expect(multiplierOf(125)).toBe(8);
    expect(advance(10, 0, 1000, DEFAULT_PLAY_SPEED, 100).indexData).toBe(11);
    expect(advance(10, 0, 1000, playSpeedOf(8), 100).indexData).toBe(18);
  });

  it('carries what a frame did not spend on a whole step', () => {
    const a = advance(0, 0, 600, 1000, 100);
    expect(a).toEqual({ indexData: 0, carryMs: 600, ended: false });
    const b = advance(a.indexData, a.carryMs, 600, 1000, 100);
    expect(b).toEqual({ indexData: 1, carryMs: 200, ended: false });
  });

  it('takes several steps in one frame at ×64 and stops at the last fix', () => {
    expect(advance(0, 0, 16, playSpeedOf(64), 100).indexData).toBe(1);
    expect(advance(0, 0, 160, playSpeedOf(64), 100).indexData).toBe(10);
    expect(advance(95, 0, 1000, playSpeedOf(64), 100)).toEqual({ indexData: 99, carryMs: 0, ended: true });
  });

  it('steps and scrubs within the log', () => {
    expect(stepIndex(0, -1, 10)).toBe(0);
    expect(stepIndex(4, 1, 10)).toBe(5);
    expect(stepIndex(9, 1, 10)).toBe(9);
    expect(clampIndex(12.4, 10)).toBe(9);
    expect(clampIndex(3, 0)).toBe(0);
  });
});
