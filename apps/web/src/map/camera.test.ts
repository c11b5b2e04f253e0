import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, overlayPadding } from './camera';

const map = { left: 0, top: 0, right: 1000, bottom: 600 };

describe('fitting the fleet clear of the overlays', () => {
  it('counts each overlay at the edge it hugs, the widest at each edge, plus a margin', () => {
    const legend = { left: 12, top: 12, right: 560, bottom: 70 }; // top-left, wide
    const zoom = { left: 961, top: 10, right: 990, bottom: 68 }; // top-right, narrow
    const ruler = { left: 944, top: 520, right: 984, bottom: 560 }; // bottom-right
    expect(overlayPadding(map, [legend, zoom, ruler])).toEqual({
      top: 70 + FIT_MARGIN,
      right: 56 + FIT_MARGIN,
      bottom: FIT_MARGIN,
      left: FIT_MARGIN,
    });
  });

  it('ignores what is outside the map and never leaves the fleet less than 40 % of the map', () => {
    const outside = { left: 1100, top: 0, right: 1200, bottom: 50 };
    expect(overlayPadding(map, [outside])).toEqual({
      top: FIT_MARGIN,
      right: FIT_MARGIN,
      bottom: FIT_MARGIN,
      left: FIT_MARGIN,
    });
    // A phone: the legend wraps and takes half the height.
    const phone = { left: 0, top: 0, right: 351, bottom: 420 };
    const tall = { left: 12, top: 12, right: 340, bottom: 220 };
    const p = overlayPadding(phone, [tall]);
    expect(p.top + p.bottom).toBeLessThanOrEqual(420 * 0.6 + 1);
    expect(p.top).toBeGreaterThan(p.bottom);
  });
});
