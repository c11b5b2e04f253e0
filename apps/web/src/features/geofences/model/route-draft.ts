import {
  DEFAULT_CORRIDOR_WIDTH_M,
  type RouteInputDraft,
  type RouteRow,
  type RouteWaypointInput,
} from '@pantau/contracts';

/** The route form's values (the path is kept by the editing store, drawn on the map). */
export interface RouteFormValues {
  code: string;
  name: string;
  originPolygonId: number | null;
  destinationPolygonId: number | null;
  waypoints: RouteWaypointInput[];
  corridorWidth: number | null;
  leadTimeMinutes: number | null;
  circleTimeMinutes: number | null;
  custom: boolean;
  notes: string;
}

export function valuesOf(r: RouteRow | null, waypoints: RouteWaypointInput[]): RouteFormValues {
  return {
    code: r?.code ?? '',
    name: r?.name ?? '',
    originPolygonId: r?.originPolygonId ?? null,
    destinationPolygonId: r?.destinationPolygonId ?? null,
    waypoints,
    corridorWidth: r?.corridorWidth ?? DEFAULT_CORRIDOR_WIDTH_M,
    leadTimeMinutes: r?.leadTimeMinutes ?? null,
    circleTimeMinutes: r?.circleTimeMinutes ?? null,
    custom: r?.custom ?? false,
    notes: r?.notes ?? '',
  };
}

/** The body to send: the form's fields and the path as drawn or taken from a trip. */
export function routeDraft(
  values: RouteFormValues,
  path: GeoJSON.LineString | null,
  editing: RouteRow | null,
): RouteInputDraft {
  return {
    code: values.code,
    name: values.name,
    originPolygonId: values.originPolygonId,
    destinationPolygonId: values.destinationPolygonId,
    waypoints: values.waypoints,
    path: path && path.coordinates.length >= 2 ? (path as RouteInputDraft['path']) : null,
    corridorWidth: values.corridorWidth ?? undefined,
    leadTimeMinutes: values.leadTimeMinutes,
    circleTimeMinutes: values.circleTimeMinutes,
    custom: values.custom,
    notes: values.notes.trim() || null,
    aktif: editing?.aktif ?? true,
  };
}
