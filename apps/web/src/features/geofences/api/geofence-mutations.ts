import {
  geofenceFeatureCollection,
  geofenceImportResponse,
  geofenceRow,
  type GeofenceImportRequest,
  type GeofenceInput,
} from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { geofenceKeys } from './geofence-keys';

/** POST polygons (201 with the row). */
export const createGeofence = (input: GeofenceInput) =>
  api.postAuth('polygons', { body: input, schema: geofenceRow });
/** PUT polygons/{polygonId}. */
export const updateGeofence = (polygonId: number, input: GeofenceInput) =>
  api.put(`polygons/${polygonId}`, { body: input, schema: geofenceRow });
/** DELETE polygons/{polygonId}. */
export const deleteGeofence = (polygonId: number) => api.delete<unknown>(`polygons/${polygonId}`);
/** POST polygons/import: a dry run checks every feature; a commit stores all of them or none. */
export const importGeofences = (request: GeofenceImportRequest) =>
  api.postAuth('polygons/import', { body: request, schema: geofenceImportResponse });
/** GET polygons/export: the unit's geofences as a GeoJSON FeatureCollection. */
export const exportGeofences = () => api.getAuth('polygons/export', { schema: geofenceFeatureCollection });

function useRefreshGeofences() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: geofenceKeys.all });
}

export function useSaveGeofence() {
  const refresh = useRefreshGeofences();
  return useMutation({
    mutationFn: ({ polygonId, input }: { polygonId: number | null; input: GeofenceInput }) =>
      polygonId === null ? createGeofence(input) : updateGeofence(polygonId, input),
    onSuccess: refresh,
  });
}

export function useDeleteGeofence() {
  const refresh = useRefreshGeofences();
  return useMutation({ mutationFn: deleteGeofence, onSuccess: refresh });
}

export function useImportGeofences() {
  const refresh = useRefreshGeofences();
  return useMutation({
    mutationFn: importGeofences,
    onSuccess: (result) => (result.created > 0 ? refresh() : undefined),
  });
}
