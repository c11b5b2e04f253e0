import { auditList, type AuditEntity, type AuditList } from '@pantau/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const auditKeys = {
  all: ['audit'] as const,
  page: (entity: AuditEntity, entityId: string | undefined, take: number, skip: number) =>
    [...auditKeys.all, { entity, entityId, take, skip }] as const,
};

/** GET audit?entity=&entityId=&Take=&Skip= — the chosen unit's audit trail, newest first (Administrator). */
export const getAudit = (
  entity: AuditEntity,
  entityId: string | undefined,
  take: number,
  skip: number,
): Promise<AuditList> =>
  api.getAuth('audit', {
    query: { entity, ...(entityId ? { entityId } : {}), Take: take, Skip: skip },
    schema: auditList,
  });

export function useAudit(
  entity: AuditEntity,
  entityId: string | undefined,
  take: number,
  skip: number,
  enabled: boolean,
) {
  return useQuery(
    queryOptions({
      queryKey: auditKeys.page(entity, entityId, take, skip),
      queryFn: () => getAudit(entity, entityId, take, skip),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
