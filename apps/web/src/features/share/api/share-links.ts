import {
  shareLinkCreated,
  shareLinkList,
  shareLinkRow,
  type ShareLinkCreated,
  type ShareLinkInput,
  type ShareLinkRow,
} from '@pantau/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const shareLinkKeys = {
  all: ['share-links'] as const,
  ofVehicle: (kendaraanId: number) => [...shareLinkKeys.all, { kendaraanId }] as const,
};

/** GET share-links?kendaraanId= — a vehicle's shared links, newest first (Administrator). */
export const getShareLinks = (kendaraanId: number) =>
  api.getAuth('share-links', { query: { kendaraanId, Take: 50 }, schema: shareLinkList });

/** POST share-links — the answer is the only time the link itself is known. */
export const createShareLink = (body: ShareLinkInput): Promise<ShareLinkCreated> =>
  api.postAuth('share-links', { body, schema: shareLinkCreated });

/** DELETE share-links/{id} — revokes the link at once. */
export const revokeShareLink = (shareLinkId: number): Promise<ShareLinkRow> =>
  api.delete(`share-links/${shareLinkId}`, { schema: shareLinkRow });

export function useShareLinks(kendaraanId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: shareLinkKeys.ofVehicle(kendaraanId),
      queryFn: () => getShareLinks(kendaraanId),
      enabled,
    }),
  );
}

export function useCreateShareLink(kendaraanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShareLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinkKeys.ofVehicle(kendaraanId) }),
  });
}

export function useRevokeShareLink(kendaraanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinkKeys.ofVehicle(kendaraanId) }),
  });
}
