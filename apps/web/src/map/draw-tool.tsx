import type { LngLat } from '@pantau/contracts';
import { useEffect, useRef } from 'react';
import { circleRing, distanceM } from './geofence-features';
import { useMap } from './map-context';

export type DrawShape = 'polygon' | 'circle' | 'corridor';
/** What the tool drew: a polygon's or a corridor's geometry, or a circle's centre and radius. */
export type DrawnShape =
  | { shape: 'polygon'; geometry: GeoJSON.Polygon }
  | { shape: 'corridor'; geometry: GeoJSON.LineString }
  | { shape: 'circle'; center: LngLat; radius: number; ring: GeoJSON.Polygon };

const TERRA_MODE: Record<DrawShape, string> = {
  polygon: 'polygon',
  circle: 'circle',
  corridor: 'linestring',
};
const EDITABLE = {
  feature: {
    draggable: true,
    coordinates: { draggable: true, midpoints: true, deletable: true },
  },
};

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;

/** A circle's centre and radius from the ring terra-draw keeps for it. */
function circleOf(ring: readonly LngLat[]): { center: LngLat; radius: number } {
  const points = ring.slice(0, -1);
  const center: LngLat = [
    points.reduce((s, p) => s + p[0], 0) / points.length,
    points.reduce((s, p) => s + p[1], 0) / points.length,
  ];
  const radius = points.reduce((s, p) => s + distanceM(center, p), 0) / points.length;
  return { center, radius: Math.round(radius) };
}

function toDrawn(shape: DrawShape, geometry: GeoJSON.Geometry): DrawnShape | null {
  if (shape === 'corridor' && geometry.type === 'LineString') return { shape, geometry };
  if (shape === 'polygon' && geometry.type === 'Polygon') return { shape, geometry };
  if (shape === 'circle' && geometry.type === 'Polygon')
    return { shape, ring: geometry, ...circleOf(geometry.coordinates[0] as LngLat[]) };
  return null;
}

interface DrawToolProps {
  shape: DrawShape;
  /** The geometry to edit (a circle as its ring); null to draw a new one. */
  initial: GeoJSON.Polygon | GeoJSON.LineString | null;
  /** Each time a drawing is finished or its vertices moved. */
  onChange: (drawn: DrawnShape) => void;
  /** A circle's radius typed elsewhere (the form): the drawn circle takes it, about the same centre. */
  radius?: { metres: number } | null;
}

/** The tool once loaded: terra-draw and the shape it holds, for changes made outside the map. */
interface Drawing {
  resize(radius: number): void;
}

/**
 * Draws or edits one shape with terra-draw, loaded on first use (it is not part of the map's first
 * load). A new shape is drawn in its mode, then selected so its vertices can be moved, added (the
 * midpoints) and deleted. `data-draw-ready` on the map container says the tool is listening. Renders nothing.
 */
export function DrawTool({ shape, initial, onChange, radius }: DrawToolProps) {
  const { map, styleVersion } = useMap();
  const drawing = useRef<Drawing | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const initialRef = useRef(initial);

  useEffect(() => {
    let cancelled = false;
    let stop = () => {};
    const container = map.getContainer();
    map.doubleClickZoom.disable();
    void Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]).then(
      ([td, { TerraDrawMapLibreGLAdapter }]) => {
        if (cancelled) return;
        const draw = new td.TerraDraw({
          adapter: new TerraDrawMapLibreGLAdapter({ map }),
          modes: [
            new td.TerraDrawPolygonMode(),
            new td.TerraDrawCircleMode(),
            new td.TerraDrawLineStringMode(),
            new td.TerraDrawSelectMode({
              flags: {
                polygon: EDITABLE,
                linestring: EDITABLE,
                circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
              },
            }),
          ],
        });
        draw.start();
        let shown: string | number | null = null;
        const drawnOf = (id: string | number) => {
          const feature = draw.getSnapshotFeature(id);
          return feature ? toDrawn(shape, feature.geometry as GeoJSON.Geometry) : null;
        };
        const report = (id: string | number) => {
          const drawn = drawnOf(id);
          if (drawn) onChangeRef.current(drawn);
        };
        drawing.current = {
          resize: (to) => {
            const now = shown === null ? null : drawnOf(shown);
            if (shown === null || now?.shape !== 'circle' || Math.abs(now.radius - to) < 1) return;
            // terra-draw refuses coordinates finer than its precision (9 decimals); 7 are ~1 cm.
            const ring = circleRing(now.center, to).map(([lng, lat]) => [round7(lng), round7(lat)]);
            try {
              draw.updateFeatureGeometry(shown, { type: 'Polygon', coordinates: [ring] });
            } catch {
              return; // a shape the tool refuses stays as drawn; the form keeps the typed radius
            }
            report(shown);
          },
        };
        draw.on('finish', (id, context) => {
          shown = id;
          report(id);
          if (context.mode !== 'select') {
            draw.setMode('select');
            draw.selectFeature(id);
          }
        });
        const start = initialRef.current;
        if (start) {
          const [added] = draw.addFeatures([
            { type: 'Feature', geometry: start, properties: { mode: TERRA_MODE[shape] } },
          ]);
          draw.setMode('select');
          if (added?.valid) {
            shown = added.id!;
            draw.selectFeature(added.id!);
          }
        } else draw.setMode(TERRA_MODE[shape]);
        container.dataset.drawReady = 'true';
        stop = () => draw.stop();
      },
    );
    return () => {
      cancelled = true;
      drawing.current = null;
      delete container.dataset.drawReady;
      stop();
      map.doubleClickZoom.enable();
    };
  }, [map, styleVersion, shape]);

  useEffect(() => {
    if (radius && Number.isFinite(radius.metres) && radius.metres > 0) drawing.current?.resize(radius.metres);
  }, [radius]);

  return null;
}
