import { loginUser, type LoginUser } from '@pantau/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './auth-keys';

export const getMe = (): Promise<LoginUser> => api.getAuth('auth/me', { schema: loginUser });

export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: getMe,
  retry: false,
  staleTime: 5 * 60_000,
});

/** The login user, fetched once on load (spec §7 "GET auth/me (on load)"). */
export function useMe() {
  return useQuery(meQueryOptions);
}
