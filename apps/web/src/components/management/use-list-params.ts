import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { nextListParams, pageOf, type ListParamsPatch } from './list-params';

/** A management list's page, search, filters and sort, kept in the URL so a reload or a link keeps them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (patch: ListParamsPatch) => setParams((current) => nextListParams(current, patch), { replace: true }),
    [setParams],
  );
  const get = useCallback((key: string) => params.get(key) ?? undefined, [params]);
  return { params, page: pageOf(params), get, update };
}
