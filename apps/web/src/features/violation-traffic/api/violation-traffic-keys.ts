import type { Query } from '../../../lib/query-string';

/** Query keys of Violation Traffic: the resource, then the unit and the query, so a role change refetches. */
export const violationTrafficKeys = {
  all: ['violation-traffic'] as const,
  page: (unitId: number | undefined, query: Query) =>
    [...violationTrafficKeys.all, 'page', unitId, query] as const,
  violations: (unitId: number | undefined, query: Query) =>
    [...violationTrafficKeys.all, 'violations', unitId, query] as const,
};
