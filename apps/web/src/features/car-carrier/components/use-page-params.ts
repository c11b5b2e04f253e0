import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page's filters in the URL. `set` patches keys (undefined removes one; an empty string is kept: a
 * cleared picker), replacing the history entry; a change of filters goes back to the first page.
 */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (patch: Record<string, string | undefined>, keepPage = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined) next.delete(k);
            else next.set(k, v);
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = [10, 20, 50, 100].includes(Number(params.get('size'))) ? Number(params.get('size')) : 10;
  return { params, set, page, pageSize };
}
