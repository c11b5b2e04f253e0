import type { LngLat } from '@pantau/contracts';
import { useEffect, useRef } from 'react';
import { distanceM } from './geofence-features';
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
}

/**
 * Draws or edits one shape with terra-draw, loaded on first use (it is not part of the map's first
 * load). A new shape is drawn in its mode, then selected so its vertices can be moved, added (the
 * midpoints) and deleted. `data-draw-ready` on the map container says the tool is listening. Renders nothing.
 */
export function DrawTool({ shape, initial, onChange }: DrawToolProps) {
  const { map, styleVersion } = useMap();
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
        const report = (id: string | number) => {
          const feature = draw.getSnapshotFeature(id);
          const drawn = feature && toDrawn(shape, feature.geometry as GeoJSON.Geometry);
          if (drawn) onChangeRef.current(drawn);
        };
        draw.on('finish', (id, context) => {
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
          if (added?.valid) draw.selectFeature(added.id!);
        } else draw.setMode(TERRA_MODE[shape]);
        container.dataset.drawReady = 'true';
        stop = () => draw.stop();
      },
    );
    return () => {
      cancelled = true;
      delete container.dataset.drawReady;
      stop();
      map.doubleClickZoom.enable();
    };
  }, [map, styleVersion, shape]);

  return null;
}
