import { markerRow, type MarkerInput } from '@pantau/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { markerKeys } from './geofence-keys';

/** POST markers (201 with the row). */
export const createMarker = (input: MarkerInput) =>
  api.postAuth('markers', { body: input, schema: markerRow });
/** PUT markers/{markerId}. */
export const updateMarker = (markerId: number, input: MarkerInput) =>
  api.put(`markers/${markerId}`, { body: input, schema: markerRow });
/** DELETE markers/{markerId}. */
export const deleteMarker = (markerId: number) => api.delete(`markers/${markerId}`, { schema: markerRow });

function useRefreshMarkers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: markerKeys.all });
}

export function useSaveMarker() {
  const refresh = useRefreshMarkers();
  return useMutation({
    mutationFn: ({ markerId, input }: { markerId: number | null; input: MarkerInput }) =>
      markerId === null ? createMarker(input) : updateMarker(markerId, input),
    onSuccess: refresh,
  });
}

export function useDeleteMarker() {
  const refresh = useRefreshMarkers();
  return useMutation({ mutationFn: deleteMarker, onSuccess: refresh });
}
