import { SHARE_REFUSALS, sharedVehicle, type SharedVehicle } from '@pantau/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';

/** The preview refreshes this often (ms). */
export const PREVIEW_REFRESH_MS = 5_000;
const REFUSALS = new Set<string>(SHARE_REFUSALS);

export const sharedVehicleKeys = {
  one: (token: string) => ['share', token] as const,
};

/** GET share/{token} — no sign-in: the shared vehicle, or 404/410 when the link is unknown, expired or revoked. */
export const getSharedVehicle = (token: string): Promise<SharedVehicle> =>
  api.get(`share/${encodeURIComponent(token)}`, { schema: sharedVehicle });

/** True when the link itself is refused (as opposed to a network hiccup worth retrying). */
export const isRefused = (error: unknown) => isApiError(error) && REFUSALS.has(error.code);

export function useSharedVehicle(token: string) {
  return useQuery(
    queryOptions({
      queryKey: sharedVehicleKeys.one(token),
      queryFn: () => getSharedVehicle(token),
      enabled: token !== '',
      // Every 5 s while the link is good; a refused link stops asking.
      refetchInterval: (query) => (isRefused(query.state.error) ? false : PREVIEW_REFRESH_MS),
      refetchIntervalInBackground: false,
      retry: (failures, error) => !isRefused(error) && failures < 2,
    }),
  );
}
