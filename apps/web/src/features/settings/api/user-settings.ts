import { userSettingsResponse, type UserSettings, type UserSettingsResponse } from '@pantau/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const settingsKeys = {
  mine: ['auth', 'settings'] as const,
};

/** GET auth/settings — the signed-in user's settings, defaults filled in by the server. */
export const getUserSettings = (): Promise<UserSettingsResponse> =>
  api.getAuth('auth/settings', { schema: userSettingsResponse });

/** PUT auth/settings — stores them on the account, so they follow the user to any browser. */
export const saveUserSettings = (body: UserSettings): Promise<UserSettingsResponse> =>
  api.put('auth/settings', { body, schema: userSettingsResponse });

export const userSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.mine,
  queryFn: getUserSettings,
  staleTime: Infinity,
  retry: false,
});

export function useUserSettings(enabled = true) {
  return useQuery({ ...userSettingsQueryOptions, enabled });
}

/** Saves the settings; the cache holds the new ones at once so every reader agrees. */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserSettings,
    onMutate: (next) => {
      const previous = queryClient.getQueryData<UserSettingsResponse>(settingsKeys.mine);
      queryClient.setQueryData(settingsKeys.mine, { ...next, savedAt: previous?.savedAt ?? null });
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.mine, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.mine, saved),
  });
}
