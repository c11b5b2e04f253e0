import type { Query } from '../../../lib/query-string';

/** Query keys of user management; each list key starts with the unit so a role change refetches. */
export const userKeys = {
  all: ['users'] as const,
  list: (unitId: number | undefined, query: Query) => [...userKeys.all, 'list', unitId, query] as const,
};
