import type { PaddingOptions } from 'maplibre-gl';

/** The side panel's width and its gap from the map's end edge (geography.css `.map-side-panel`). */
const PANEL_WIDTH = 340;
const PANEL_END_GAP = 56;
/** At most this wide the panel sits at the bottom, up to this share of the map's height. */
const PHONE_MAX_WIDTH = 640;
const PHONE_PANEL_SHARE = 0.6;
const MARGIN = 60;

/**
 * Padding that keeps what the map is fitted to clear of the side panel the selection opens (a
 * geofence's details or form, a route's): beside the panel on a wide map (on the left in RTL), above it
 * on a phone. Without room for both, the plain margin.
 */
export function sidePanelPadding(width: number, height: number, rtl = false): PaddingOptions {
  const even = { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN };
  if (width <= PHONE_MAX_WIDTH) {
    const bottom = Math.round(height * PHONE_PANEL_SHARE) + 16;
    return height - bottom > 2 * MARGIN ? { ...even, top: 24, left: 24, right: 24, bottom } : even;
  }
  const end = PANEL_WIDTH + PANEL_END_GAP + 24;
  if (width - end < 2 * MARGIN + 120) return even;
  return rtl ? { ...even, left: end } : { ...even, right: end };
}

/** The same for a map's container. */
export const sidePanelPaddingOf = (container: HTMLElement): PaddingOptions =>
  sidePanelPadding(
    container.clientWidth,
    container.clientHeight,
    getComputedStyle(container).direction === 'rtl',
  );
