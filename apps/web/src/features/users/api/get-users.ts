import { userList, type UserList } from '@pantau/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Query } from '../../../lib/query-string';

/** Query keys of user management; each page key starts with the unit so a role change refetches. */
export const userKeys = {
  all: ['users'] as const,
  page: (unitId: number | undefined, query: Query) => [...userKeys.all, 'page', unitId, query] as const,
};

/** GET users?Take&Skip&search&role&disabled — one page of the unit's users (Administrator). */
export const getUsers = (query: Query): Promise<UserList> =>
  api.getAuth('users', { query, schema: userList });

export function useUsers(unitId: number | undefined, query: Query) {
  return useQuery({
    queryKey: userKeys.page(unitId, query),
    queryFn: () => getUsers(query),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
