import { describe, expect, it } from 'vitest';
import { sidePanelPadding } from './side-panel-padding';

describe('fitting the map beside the side panel', () => {
  it('keeps the panel’s side free on a wide map, the other side in RTL', () => {
    expect(sidePanelPadding(1200, 700)).toEqual({ top: 60, bottom: 60, left: 60, right: 420 });
    expect(sidePanelPadding(1200, 700, true)).toEqual({ top: 60, bottom: 60, left: 420, right: 60 });
  });
  it('keeps the bottom free on a phone, where the panel sits', () => {
    expect(sidePanelPadding(375, 600)).toEqual({ top: 24, bottom: 376, left: 24, right: 24 });
  });
  it('falls back to an even margin when there is no room beside the panel', () => {
    expect(sidePanelPadding(650, 500)).toEqual({ top: 60, bottom: 60, left: 60, right: 60 });
  });
});
