/** A change to a list's URL query: a value sets the key, '' or undefined removes it. */
export type ListParamsPatch = Record<string, string | undefined>;

/**
 * The next URL query of a management list. Changing a filter, the search or the sort goes back to
 * page 1 (the old page may not exist any more); only a patch that names `page` keeps a page.
 */
export function nextListParams(current: URLSearchParams, patch: ListParamsPatch): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in patch)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** The page number in the query (1 when absent or not a positive number). */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
