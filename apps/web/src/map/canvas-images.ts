import type { Map as MapLibreMap } from 'maplibre-gl';
import { vehicleMotions } from '@pantau/contracts';
import { COUNT_CHARS, COUNT_H, countCellWidth } from './cluster-count';
import { MOTION_COLORS, vehicleIconId } from './motion-colors';

/**
 * Everything the map writes (vehicle icons, plates, cluster counts, city names) is drawn on an
 * offscreen canvas and added with `addImage`: no glyph or sprite files, so it works offline too.
 */
const RATIO = 2;
export const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif';

function canvas(width: number, height: number) {
  const el = document.createElement('canvas');
  el.width = Math.ceil(width * RATIO);
  el.height = Math.ceil(height * RATIO);
  const ctx = el.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('2d canvas unavailable');
  ctx.scale(RATIO, RATIO);
  return { el, ctx };
}

function toImage({ el, ctx }: ReturnType<typeof canvas>) {
  return ctx.getImageData(0, 0, el.width, el.height);
}

/** A top-down vehicle pointing north: a long body with a cab for car carriers, a short box for trucks. */
function drawVehicle(kind: 'CC' | 'TRUCK', fill: string) {
  const size = 28;
  const c = canvas(size, size);
  const { ctx } = c;
  ctx.lineJoin = 'round';
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.fillStyle = fill;
  ctx.beginPath();
  if (kind === 'CC') {
    // Arrow-nosed long trailer.
    ctx.moveTo(14, 1.5);
    ctx.lineTo(21, 9);
    ctx.lineTo(19, 9);
    ctx.lineTo(19, 26);
    ctx.lineTo(9, 26);
    ctx.lineTo(9, 9);
    ctx.lineTo(7, 9);
  } else {
    // Arrow on a rounded square box.
    ctx.moveTo(14, 2);
    ctx.lineTo(23, 12);
    ctx.lineTo(21, 12);
    ctx.lineTo(21, 24);
    ctx.lineTo(7, 24);
    ctx.lineTo(7, 12);
    ctx.lineTo(5, 12);
  }
  ctx.closePath();
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = 2;
  ctx.fill();
  ctx.shadowBlur = 0;
  ctx.stroke();
  // Deck lines mark a car carrier.
  if (kind === 'CC') {
    ctx.strokeStyle = 'rgba(255,255,255,0.8)';
    ctx.lineWidth = 1.2;
    for (const y of [14, 19]) {
      ctx.beginPath();
      ctx.moveTo(11, y);
      ctx.lineTo(17, y);
      ctx.stroke();
    }
  }
  return toImage(c);
}

function drawLabel(text: string, opts: { font: string; color: string; halo: string; background?: string }) {
  const measure = canvas(1, 1).ctx;
  measure.font = opts.font;
  const width = Math.ceil(measure.measureText(text).width) + 8;
  const height = 18;
  const c = canvas(width, height);
  const { ctx } = c;
  if (opts.background) {
    ctx.fillStyle = opts.background;
    ctx.beginPath();
    ctx.roundRect(0.5, 0.5, width - 1, height - 1, 4);
    ctx.fill();
  }
  ctx.font = opts.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = opts.halo;
  ctx.strokeText(text, width / 2, height / 2 + 0.5);
  ctx.fillStyle = opts.color;
  ctx.fillText(text, width / 2, height / 2 + 0.5);
  return toImage(c);
}

/** A character of a cluster count ('0'–'9', '.', 'k') centred in its cell (cluster-count.ts). */
function drawCountGlyph(ch: string) {
  const c = canvas(countCellWidth(ch), COUNT_H);
  const { ctx } = c;
  ctx.font = `700 12px ${FONT_STACK}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(ch, countCellWidth(ch) / 2, COUNT_H / 2 + 0.5);
  return toImage(c);
}

export const PLATE_PREFIX = 'plate:';
export const COUNT_PREFIX = 'count:';
export const CITY_PREFIX = 'city:';
export const CITY_MAJOR_PREFIX = 'city-major:';
/** A geofence's or a POI's name. */
export const GEO_LABEL_PREFIX = 'geo-label:';
/** A POI's icon by kind (markerIcons). */
export const POI_PREFIX = 'poi:';

const POI_GLYPHS: Record<string, { color: string; glyph: string }> = {
  fuel: { color: '#dc2626', glyph: 'F' },
  workshop: { color: '#475569', glyph: 'W' },
  rest_area: { color: '#16a34a', glyph: 'R' },
  customer: { color: '#7c3aed', glyph: 'C' },
  other: { color: '#0f766e', glyph: '•' },
};

/** A POI: a round badge in the kind's colour with its letter. */
function drawPoi(kind: string) {
  const { color, glyph } = POI_GLYPHS[kind] ?? POI_GLYPHS.other!;
  const size = 22;
  const c = canvas(size, size);
  const { ctx } = c;
  ctx.beginPath();
  ctx.arc(size / 2, size / 2, size / 2 - 1.5, 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.font = `700 11px ${FONT_STACK}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.fillText(glyph, size / 2, size / 2 + 0.5);
  return toImage(c);
}

/** Draws the vehicle icon a `vehicleIconId` names, or undefined for another id. */
function drawVehicleIcon(id: string): ImageData | undefined {
  for (const kind of ['CC', 'TRUCK'] as const)
    for (const motion of vehicleMotions)
      if (id === vehicleIconId({ vehicleClass: kind, motion }))
        return drawVehicle(kind, MOTION_COLORS[motion]);
  return undefined;
}

/**
 * Every character a cluster count can hold, added together the first time the map asks for one: each
 * image maplibre adds is a style change, and a style change costs a frame of its own after the frame
 * that drew it (a full canvas with software WebGL).
 */
function addCountGlyphs(map: MapLibreMap) {
  for (const ch of COUNT_CHARS) {
    const id = `${COUNT_PREFIX}${ch}`;
    if (!map.hasImage(id)) map.addImage(id, drawCountGlyph(ch), { pixelRatio: RATIO });
  }
}

/**
 * Draws every image our layers name when a layer first asks for it (the missing-image resolver), so nothing is
 * lost when the style is swapped; ids of a remote style's own sprite are left alone.
 */
export function installMapImages(map: MapLibreMap): () => void {
  const resolve = (id: string) => {
    if (map.hasImage(id)) return;
    let image: ImageData | undefined;
    if (id.startsWith('vehicle:')) image = drawVehicleIcon(id);
    else if (id.startsWith(PLATE_PREFIX))
      image = drawLabel(id.slice(PLATE_PREFIX.length), {
        font: `600 11px ${FONT_STACK}`,
        color: '#0f172a',
        halo: '#ffffff',
        background: 'rgba(255,255,255,0.85)',
      });
    else if (id.startsWith(GEO_LABEL_PREFIX))
      image = drawLabel(id.slice(GEO_LABEL_PREFIX.length), {
        font: `600 11px ${FONT_STACK}`,
        color: '#1e293b',
        halo: '#ffffff',
      });
    else if (id.startsWith(POI_PREFIX)) image = drawPoi(id.slice(POI_PREFIX.length));
    else if (id.startsWith(COUNT_PREFIX)) addCountGlyphs(map);
    else if (id.startsWith(CITY_MAJOR_PREFIX))
      image = drawLabel(id.slice(CITY_MAJOR_PREFIX.length), {
        font: `700 13px ${FONT_STACK}`,
        color: '#1e293b',
        halo: '#ffffff',
      });
    else if (id.startsWith(CITY_PREFIX))
      image = drawLabel(id.slice(CITY_PREFIX.length), {
        font: `500 11px ${FONT_STACK}`,
        color: '#334155',
        halo: '#ffffff',
      });
    if (image) map.addImage(id, image, { pixelRatio: RATIO });
  };
  // maplibre 6: a resolver (not the styleimagemissing event) supplies the image for the current request.
  map.setMissingStyleImageResolver(resolve);
  return () => map.setMissingStyleImageResolver(null);
}
