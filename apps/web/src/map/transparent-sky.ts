import type { Map as MapLibreMap } from 'maplibre-gl';

type SkyColor = { a?: unknown } | undefined;
type DrawSky = (mesh: unknown, frame: { data?: { sky?: Record<string, SkyColor> } }) => void;

/** The part of maplibre's map this replaces; not public API, so each step is checked. */
interface PainterInternals {
  painter?: { drawFunctions?: { sky?: DrawSky } & Record<string, unknown> };
}

const transparent = (color: SkyColor) => typeof color?.a === 'number' && color.a === 0;

/**
 * Leaves out maplibre's sky when it cannot be seen.
 *
 * maplibre draws its sky, a quad over the whole canvas, in every frame, also when the style has no
 * sky and both its colours are transparent (maplibre's default then). With a GPU that costs nothing;
 * with software WebGL (Chromium without GPU acceleration: office PCs whose GPU it blocks, virtual
 * desktops, headless) the quad's fragment shader runs on the CPU for every pixel and was most of each
 * frame: 30–40 ms of a 1,106 × 660 canvas, against ~11 ms for the rest of the map with 1,000 vehicles
 * (docs/performance.md). A sky with a colour is drawn as before. The depth the quad writes is the
 * value the frame's clear already left, so nothing else drawn changes.
 *
 * maplibre's painter not where this looks: maplibre's own drawing, unchanged.
 */
export function skipTransparentSky(map: MapLibreMap): () => void {
  const install = () => {
    const painter = (map as unknown as PainterInternals).painter;
    const draw = painter?.drawFunctions;
    const sky = draw?.sky;
    if (!painter || !draw || typeof sky !== 'function' || (sky as { pantauSkipped?: true }).pantauSkipped)
      return;
    const skip: DrawSky = (mesh, frame) => {
      const colors = frame?.data?.sky;
      if (colors && transparent(colors['sky-color']) && transparent(colors['horizon-color'])) return;
      sky(mesh, frame);
    };
    Object.assign(skip, { pantauSkipped: true });
    // The draw functions are maplibre's one object for every map: this map's painter gets its own.
    painter.drawFunctions = { ...draw, sky: skip };
  };
  install();
  // A restored WebGL context comes with a new painter.
  map.on('webglcontextrestored', install);
  return () => map.off('webglcontextrestored', install);
}
