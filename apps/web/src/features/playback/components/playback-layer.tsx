import type { GeoJSONSource, MapSourceDataEvent } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { removeOwned, useMap } from '../../../map/map-context';
import { markMetric } from '../../../lib/metrics';
import { LAYER as VEHICLE_LAYERS } from '../../../map/vehicle-layer-style';
import type { PlaybackViolation } from '../api/get-violations';
import { usePlaybackStore } from '../model/playback-store';
import { simplifyTrack } from '../model/simplify';
import { speedColoredLines } from '../model/speed-bands';
import type { PlaybackStop } from '../model/stops';
import type { PlaybackTrack } from '../model/track';

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
const SOURCES = { track: 'playback-track', marks: 'playback-marks', vehicle: 'playback-vehicle' } as const;
const LAYERS = [
  'playback-track-casing',
  'playback-track-line',
  'playback-stops',
  'playback-violations',
  'playback-vehicle-halo',
  'playback-vehicle-icon',
];
export const VIOLATION_COLOR = '#be123c';
export const STOP_COLOR = '#1e293b';

function marksOf(
  stops: readonly PlaybackStop[],
  violations: readonly PlaybackViolation[],
): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: [
      ...stops.map((s): GeoJSON.Feature => ({
        type: 'Feature',
        properties: { mark: 'stop' },
        geometry: { type: 'Point', coordinates: [s.lon, s.lat] },
      })),
      ...violations.map((v): GeoJSON.Feature => ({
        type: 'Feature',
        properties: { mark: v.kind },
        geometry: { type: 'Point', coordinates: [v.lon, v.lat] },
      })),
    ],
  };
}

interface PlaybackLayerProps {
  track: PlaybackTrack | undefined;
  stops: readonly PlaybackStop[];
  violations: readonly PlaybackViolation[];
  /** The map's vehicle image for this vehicle's class, e.g. `vehicle:CC:moving`. */
  icon: string;
}

/**
 * The played track on the map: the line coloured by speed (simplified for drawing), stops and
 * violations, and the vehicle at the player's index. The live vehicles are hidden meanwhile. The marker
 * is one point source, set at most once a frame from a store subscription: playing never re-renders
 * React or redraws the track. Renders nothing.
 */
export function PlaybackLayer({ track, stops, violations, icon }: PlaybackLayerProps) {
  const { map, styleVersion } = useMap();
  const drawn = useMemo(() => {
    if (!track) return null;
    const kept = simplifyTrack(track);
    return { kept: kept.length, lines: speedColoredLines(track, kept) };
  }, [track]);
  const marks = useMemo(() => marksOf(stops, violations), [stops, violations]);

  useEffect(() => {
    map.addSource(SOURCES.track, { type: 'geojson', data: EMPTY });
    map.addSource(SOURCES.marks, { type: 'geojson', data: EMPTY });
    map.addSource(SOURCES.vehicle, { type: 'geojson', data: EMPTY });
    map.addLayer({
      id: 'playback-track-casing',
      type: 'line',
      source: SOURCES.track,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#ffffff', 'line-width': 7, 'line-opacity': 0.85 },
    });
    map.addLayer({
      id: 'playback-track-line',
      type: 'line',
      source: SOURCES.track,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': ['get', 'color'], 'line-width': 4 },
    });
    map.addLayer({
      id: 'playback-stops',
      type: 'circle',
      source: SOURCES.marks,
      filter: ['==', ['get', 'mark'], 'stop'],
      paint: {
        'circle-radius': 6,
        'circle-color': STOP_COLOR,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: 'playback-violations',
      type: 'circle',
      source: SOURCES.marks,
      filter: ['!=', ['get', 'mark'], 'stop'],
      paint: {
        'circle-radius': 5,
        'circle-color': ['match', ['get', 'mark'], 'overspeed', VIOLATION_COLOR, '#f59e0b'],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: 'playback-vehicle-halo',
      type: 'circle',
      source: SOURCES.vehicle,
      paint: { 'circle-radius': 18, 'circle-color': '#2563eb', 'circle-opacity': 0.18 },
    });
    map.addLayer({
      id: 'playback-vehicle-icon',
      type: 'symbol',
      source: SOURCES.vehicle,
      layout: {
        'icon-image': ['get', 'icon'],
        'icon-rotate': ['get', 'course'],
        'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true,
        'icon-ignore-placement': true,
      },
    });
    return () => removeOwned(map, LAYERS, Object.values(SOURCES));
  }, [map, styleVersion]);

  // The live fleet steps aside while a recorded track plays.
  useEffect(() => {
    const ids = Object.values(VEHICLE_LAYERS);
    const show = (visible: boolean) => {
      if (!map.style) return;
      for (const id of ids)
        if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
    };
    show(false);
    return () => show(true);
  }, [map, styleVersion]);

  useEffect(() => {
    const el = map.getContainer();
    map.getSource<GeoJSONSource>(SOURCES.track)?.setData(drawn?.lines ?? EMPTY);
    if (drawn) markMetric('playback-set', drawn.kept);
    el.dataset.playbackPoints = String(track?.count ?? 0);
    el.dataset.playbackDrawn = String(drawn?.kept ?? 0);
    if (!drawn) return;
    // The frame that shows the track (the bench's "first frame"): the first one painted once the
    // worker has the new data, whatever else the map is still loading.
    const painted = () => markMetric('playback-drawn', drawn.kept);
    const loaded = (e: MapSourceDataEvent) => {
      if (e.sourceId !== SOURCES.track || !e.isSourceLoaded) return;
      map.off('sourcedata', loaded);
      map.once('render', painted);
    };
    map.on('sourcedata', loaded);
    return () => {
      map.off('sourcedata', loaded);
      map.off('render', painted);
    };
  }, [map, styleVersion, drawn, track]);

  useEffect(() => {
    map.getSource<GeoJSONSource>(SOURCES.marks)?.setData(marks);
    const el = map.getContainer();
    el.dataset.playbackStops = String(stops.length);
    el.dataset.playbackViolations = String(violations.length);
  }, [map, styleVersion, marks, stops.length, violations.length]);

  // The vehicle at the index: one point, set once a frame however many steps the frame took.
  useEffect(() => {
    const el = map.getContainer();
    if (!track || track.count === 0) {
      map.getSource<GeoJSONSource>(SOURCES.vehicle)?.setData(EMPTY);
      return;
    }
    let frame = 0;
    const draw = () => {
      frame = 0;
      const { indexData, follow, playSpeed, play } = usePlaybackStore.getState();
      const i = Math.min(indexData, track.count - 1);
      const center: [number, number] = [track.lon[i]!, track.lat[i]!];
      const course = track.course[i]!;
      map.getSource<GeoJSONSource>(SOURCES.vehicle)?.setData({
        type: 'Feature',
        properties: { icon, course: Number.isNaN(course) ? 0 : course },
        geometry: { type: 'Point', coordinates: center },
      });
      el.dataset.playbackIndex = String(i);
      if (follow) {
        // Short steps jump (an ease per frame would never settle); slow ones glide.
        if (play && playSpeed < 250) map.jumpTo({ center });
        else map.easeTo({ center, duration: 250 });
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    draw();
    const unsubscribe = usePlaybackStore.subscribe((s, prev) => {
      if (s.indexData !== prev.indexData || (s.follow && !prev.follow)) schedule();
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [map, styleVersion, track, icon]);

  return null;
}
